/**
 * A petition's signatures that do not count, by why: numbers only, public on
 * its page and in its open data, never a signer, a domain or a network.
 * `removedByModerators`: signatures moderators' standing invalidations took
 * out (confirmed before or after them); `stoppedByRules`: confirmed
 * signatures a rule stopped at signing (a blocked domain or network, a
 * pause, the disposable list); `deactivatedByOwner`: confirmed signatures
 * its owner switched off; `paperRejected`: signatures of paper batches
 * moderators rejected (never counted, or taken back out once found false).
 */
export type NotCounted = {
  removedByModerators: number
  stoppedByRules: number
  deactivatedByOwner: number
  paperRejected: number
}

/** Whether anything of a petition does not count: its page then says what. */
export function anyNotCounted(notCounted: NotCounted) {
  return Object.values(notCounted).some((count) => count > 0)
}
