import { createHash } from 'node:crypto'
import type { HttpRequest, HttpResponse } from '@adonisjs/core/http'

/**
 * The signed cookie that remembers, for a guest, which signature they made
 * on which petition: petition id → `s:{signature id}:{key}`, the last 50
 * petitions. The key is a digest of the signature's confirmation token, so
 * the entry names that signature only as long as it is the one this browser
 * made: a replacement by another signer (a new token) or a withdrawal makes
 * it name nothing. Cookies written before kept the date only (an ISO string).
 */
export const SIGNED_COOKIE = 'signed_petitions'
const SIGNED_COOKIE_ENTRIES = 50
const SIGNED_COOKIE_OPTIONS = { maxAge: '1y', httpOnly: true, sameSite: 'lax' } as const

/** What the cookie says about one petition. */
export type SignedEntry =
  { kind: 'signature'; signatureId: number; key: string } | { kind: 'date'; signedAt: string }

/** The key of a signature's token as the cookie holds it. */
export function signatureKey(confirmationToken: string | null) {
  return createHash('sha256')
    .update(confirmationToken ?? '')
    .digest('base64url')
    .slice(0, 16)
}

/** The cookie's entries, petition id → entry (see `parseSignedEntry`); nothing else it may hold. */
export function signedPetitionsOf(request: HttpRequest): Record<string, string> {
  const value = request.cookie(SIGNED_COOKIE)
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
  const match = /^s:(\d{1,15}):([\w-]{16})$/.exec(entry)
  if (match) return { kind: 'signature', signatureId: Number(match[1]), key: match[2] }
  return entry.startsWith('s:') ? null : { kind: 'date', signedAt: entry }
}

/** Remembers the signature this browser made (or confirmed) on a petition. */
export function rememberSigned(
  response: HttpResponse,
  request: HttpRequest,
  petitionId: number,
  signature: { id: number; confirmationToken: string | null }
) {
  const signed = signedPetitionsOf(request)
  delete signed[String(petitionId)]
  signed[String(petitionId)] = `s:${signature.id}:${signatureKey(signature.confirmationToken)}`
  const kept = Object.entries(signed).slice(-SIGNED_COOKIE_ENTRIES)
  response.cookie(SIGNED_COOKIE, Object.fromEntries(kept), SIGNED_COOKIE_OPTIONS)
}

/** A withdrawn signature: the petition no longer shows this guest as a signer. */
export function forgetSigned(response: HttpResponse, request: HttpRequest, petitionId: number) {
  const signed = signedPetitionsOf(request)
  if (!(String(petitionId) in signed)) return
  delete signed[String(petitionId)]
  response.cookie(SIGNED_COOKIE, signed, SIGNED_COOKIE_OPTIONS)
}
