import type { HttpRequest } from '@adonisjs/core/http'

/**
 * Whether the URL a mailed link opened is signed for a purpose. A link's
 * purpose names what must not have changed since it was mailed (a
 * signature's token, an account's address or links version), so it is
 * known only once the row the link names is read: services take this
 * check, never the request.
 */
export type SignedFor = (purpose: string) => boolean

/** The check of this request's signature, for a service that reads the link's row. */
export function signedFor(request: HttpRequest): SignedFor {
  return (purpose) => request.hasValidSignature(purpose)
}
