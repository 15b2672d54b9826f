import type PetitionChanged from '#events/petition_changed'
import { forgetTrending } from '#services/petitions/listing/trending'

/** Counts that moved change the trending list: its kept ranking is read afresh. */
export default class ForgetTrending {
  handle(event: PetitionChanged) {
    if (event.countsMoved) forgetTrending()
  }
}
