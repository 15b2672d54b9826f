import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are
 * hashed first, so the comparison takes the same time whatever the header
 * holds, its length included.
 */
export function carriesBearerToken(header: string | undefined, token: string) {
  const given = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '')?.[1] ?? ''
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0
}
