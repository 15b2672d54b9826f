import type PetitionChanged from '#events/petition_changed'
import { liveCounts } from '#runtime/live/live_counts'

/** Open pages hear the counts a flush moved (live_counts decides which to send). */
export default class BroadcastLiveCounts {
  handle(event: PetitionChanged) {
    if (event.countsMoved) return liveCounts.changed(event.petitionIds)
  }
}
