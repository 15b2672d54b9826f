/**
 * The viewer's own signature on a petition's page, as the server tells it
 * (shared by the server and the page): `pending` until its mailed link is
 * opened, with the address the link went to (told only to the browser that
 * signed or the member whose signature it is); then `confirmed`. `guest`:
 * known by the browser's cookie, not by an account.
 */
export type OwnSignature =
  { status: 'pending'; email: string; guest: boolean } | { status: 'confirmed'; guest: boolean }
