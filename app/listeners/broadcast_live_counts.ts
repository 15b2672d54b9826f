import type PetitionChanged from '#events/petition_changed'
import { liveCounts } from '#services/petitions/live_counts'

/** Open pages of a changed petition hear its counts (live_counts decides which moved). */
export default class BroadcastLiveCounts {
  handle(event: PetitionChanged) {
    return liveCounts.changed(event.petitionIds)
  }
}
