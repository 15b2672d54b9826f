import { createHash } from 'node:crypto'
import type { HttpRequest, HttpResponse } from '@adonisjs/core/http'

/**
 * The encrypted cookie that remembers, for a guest, which signature they
 * made on which petition: petition id → entry, the last 50 petitions.
 * `s:{signature id}:{key}` names a signature, `r:{id}:{key}` a second
 * signature with an address that had signed (which stored nothing: see
 * services/signatures/repeat_signings). The key is a digest of the row's
 * token, so the entry names that row only as long as it is the one this
 * browser made: a replacement by another signer (a new token) or a
 * withdrawal makes it name nothing. Encrypted, with ids of one width, so
 * that a signer cannot tell from their own cookie which of the two their
 * sign was, nor whether it was a new row. Cookies written before were only
 * signed, and may hold the date only (an ISO string): both are still read.
 */
export const SIGNED_COOKIE = 'signed_petitions'
const SIGNED_COOKIE_ENTRIES = 50
const SIGNED_COOKIE_OPTIONS = { maxAge: '1y', httpOnly: true, sameSite: 'lax' } as const
const ID_WIDTH = 15

/** What a sign left this browser: the row its cookie entry names. */
export type SignedRef = { kind: 'signature' | 'repeat'; id: number; token: string | null }

/** The entry of a signature this browser made or confirmed. */
export function signatureRef(signature: { id: number; confirmationToken: string | null }) {
  return { kind: 'signature', id: signature.id, token: signature.confirmationToken } as const
}

/** What the cookie says about one petition. */
export type SignedEntry =
  { kind: 'signature' | 'repeat'; id: number; key: string } | { kind: 'date'; signedAt: string }

/** The key of a row's token as the cookie holds it. */
export function signatureKey(token: string | null) {
  return createHash('sha256')
    .update(token ?? '')
    .digest('base64url')
    .slice(0, 16)
}

/** The cookie's entries, petition id → entry (see `parseSignedEntry`); nothing else it may hold. */
export function signedPetitionsOf(request: HttpRequest): Record<string, string> {
  const value = request.encryptedCookie(SIGNED_COOKIE) ?? request.cookie(SIGNED_COOKIE)
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
  const entries: Record<string, string> = {}
  for (const [petitionId, entry] of Object.entries(value as Record<string, unknown>)) {
    if (typeof entry === 'string') entries[petitionId] = entry
  }
  return entries
}

/** The cookie's entry for a petition, or null. */
export function parseSignedEntry(entry: string | undefined): SignedEntry | null {
  if (!entry) return null
  const match = /^([sr]):(\d{1,15}):([\w-]{16})$/.exec(entry)
  if (match) {
    const kind = match[1] === 's' ? 'signature' : 'repeat'
    return { kind, id: Number(match[2]), key: match[3] }
  }
  return /^[sr]:/.test(entry) ? null : { kind: 'date', signedAt: entry }
}

/** Remembers what this browser's sign (or confirmation) on a petition left. */
export function rememberSigned(
  response: HttpResponse,
  request: HttpRequest,
  petitionId: number,
  signed: SignedRef
) {
  const entries = signedPetitionsOf(request)
  delete entries[String(petitionId)]
  const id = String(signed.id).padStart(ID_WIDTH, '0')
  entries[String(petitionId)] =
    `${signed.kind === 'signature' ? 's' : 'r'}:${id}:${signatureKey(signed.token)}`
  const kept = Object.entries(entries).slice(-SIGNED_COOKIE_ENTRIES)
  response.encryptedCookie(SIGNED_COOKIE, Object.fromEntries(kept), SIGNED_COOKIE_OPTIONS)
}

/** A withdrawn signature: the petition no longer shows this guest as a signer. */
export function forgetSigned(response: HttpResponse, request: HttpRequest, petitionId: number) {
  const entries = signedPetitionsOf(request)
  if (!(String(petitionId) in entries)) return
  delete entries[String(petitionId)]
  response.encryptedCookie(SIGNED_COOKIE, entries, SIGNED_COOKIE_OPTIONS)
}
