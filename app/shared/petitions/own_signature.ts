/** Moderators' removal of a signature from the counts, as the public sees it: when, and why. */
export type SignatureRemoval = { date: string; reason: string }

/**
 * The viewer's own signature on a petition's page, as the server tells it
 * (shared by the server and the page): `pending` until its mailed link is
 * opened, with the address the link went to (told only to the browser that
 * signed or the member whose signature it is); then `confirmed`, the same
 * for every signer, whether a rule stopped it or not (the page tells no
 * one that their signature counts, so it tells nothing false and nothing a
 * rule would keep quiet). `removed`: moderators took it out of the count,
 * which is public anyway; the page says so, with their date and reason.
 * `guest`: known by the browser's cookie, not by an account. `receipt`:
 * once the transparency log has the signature (a second after it counts),
 * its leaf and secret for /verify; null before, and for one that does not count.
 */
export type OwnSignature =
  | { status: 'pending'; email: string; guest: boolean }
  | { status: 'confirmed'; guest: boolean; receipt: string | null }
  | ({
      status: 'removed'
      confirmed: boolean
      guest: boolean
      receipt: string | null
    } & SignatureRemoval)
