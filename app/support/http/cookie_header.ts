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
