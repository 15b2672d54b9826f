import type { HttpRequest, HttpResponse } from '@adonisjs/core/http'

/**
 * The signed cookie that remembers, for a guest, when they signed which
 * petition: petition id → ISO date, the last 50 petitions.
 */
const SIGNED_COOKIE = 'signed_petitions'
const SIGNED_COOKIE_ENTRIES = 50
const SIGNED_COOKIE_OPTIONS = { maxAge: '1y', httpOnly: true, sameSite: 'lax' } as const

export function signedPetitionsOf(request: HttpRequest): Record<string, string> {
  const value = request.cookie(SIGNED_COOKIE)
  return value && typeof value === 'object' ? { ...(value as Record<string, string>) } : {}
}

export function rememberSigned(
  response: HttpResponse,
  request: HttpRequest,
  petitionId: number,
  signedAt: string
) {
  const signed = signedPetitionsOf(request)
  signed[String(petitionId)] = signedAt
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
