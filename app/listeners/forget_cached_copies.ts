import type PetitionChanged from '#events/petition_changed'
import { forgetCachedCopies } from '#runtime/caches/process_caches'
import { tellOtherProcesses } from '#runtime/caches/changes_across_processes'

/**
 * A changed petition is shown as it is now by every process: this one drops
 * its cached copies at once, and the others when Redis tells them.
 */
export default class ForgetCachedCopies {
  handle(event: PetitionChanged) {
    const change = { petitionIds: event.petitionIds, countsMoved: event.countsMoved }
    // A confirmation or a counter flush, once per signature or second on a viral petition.
    const signingUnchanged = event.signaturesOnly || event.countsMoved
    forgetCachedCopies({ ...change, signingUnchanged })
    tellOtherProcesses(change)
  }
}
