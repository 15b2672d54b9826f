import { forgetTrending } from '#services/petitions/listing/trending'

/** Counts that moved, or a petition that left the lists, change the trending list: its kept ranking is read afresh. */
export default class ForgetTrending {
  handle() {
    forgetTrending()
  }
}
