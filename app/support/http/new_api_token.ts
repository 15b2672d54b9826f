import type { HttpContext } from '@adonisjs/core/http'

/** A token just made: its value is shown on the next page, once. */
export type NewApiToken = { id: number; name: string; value: string }

/** Where it waits in the session's flash store: read by the next page, then gone. */
const FLASH_KEY = 'newApiToken'

/**
 * Hands a new token's value to the page the member lands on next, through
 * the flash of this one redirect: it is never stored anywhere else, and the
 * page after that no longer has it.
 */
export function flashNewApiToken({ session }: Pick<HttpContext, 'session'>, token: NewApiToken) {
  session.flash(FLASH_KEY, token)
}

/** The token flashed by the request before, if any. */
export function newApiTokenFlashed({ session }: Pick<HttpContext, 'session'>): NewApiToken | null {
  const flashed = session.flashMessages.get(FLASH_KEY) as Partial<NewApiToken> | undefined
  if (
    typeof flashed?.id !== 'number' ||
    typeof flashed.name !== 'string' ||
    typeof flashed.value !== 'string'
  ) {
    return null
  }
  return { id: flashed.id, name: flashed.name, value: flashed.value }
}
