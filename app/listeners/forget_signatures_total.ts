import type PetitionChanged from '#events/petition_changed'
import { forgetSignaturesTotal } from '#services/petitions/signatures_total'

/** Counts that moved change the site's total of signatures on the home page: it is read afresh. */
export default class ForgetSignaturesTotal {
  handle(event: PetitionChanged) {
    if (event.countsMoved) forgetSignaturesTotal()
  }
}
