/**
 * Whether a request's raw Cookie header names one of `names`: looked up
 * without parsing, decrypting or verifying any cookie, which a guest's
 * request would otherwise pay for cookies it does not carry.
 */
export function carriesCookie(cookieHeader: string | undefined, names: readonly string[]) {
  if (!cookieHeader) return false
  return cookieHeader.split(';').some((pair) => {
    const equals = pair.indexOf('=')
    return equals > 0 && names.includes(pair.slice(0, equals).trim())
  })
}

/** The part of the response a Set-Cookie lives in (Adonis's response). */
type SetsCookies = {
  getHeader(name: string): unknown
  header(name: string, value: string[]): unknown
  removeHeader(name: string): unknown
}

/** Takes back the Set-Cookie lines already written for cookie `name`; the others stay. */
export function withoutSetCookie(response: SetsCookies, name: string) {
  const lines = ([] as unknown[]).concat(response.getHeader('set-cookie') ?? []).map(String)
  const kept = lines.filter((line) => !line.startsWith(`${name}=`))
  if (kept.length === lines.length) return
  if (kept.length === 0) response.removeHeader('set-cookie')
  else response.header('set-cookie', kept)
}
