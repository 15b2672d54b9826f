import { configProvider } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { ConfigProvider } from '@adonisjs/core/types'
import { stores } from '@adonisjs/session'
import { carriesCookie } from '#support/http/cookie_header'
import { isServiceUnavailable } from '#support/unavailable_services'
import type {
  SessionData,
  SessionStoreContract,
  SessionStoreFactory,
  SessionStoreWithTaggingContract,
} from '@adonisjs/session/types'

/**
 * The largest guest session kept in the browser, as JSON. Encrypted, it stays
 * well under the 4 KB a browser keeps per cookie; anything larger (a long
 * message flashed back after a validation error) goes to the server store.
 */
export const MAX_COOKIE_SESSION_BYTES = 2500

/**
 * Marks a guest session written to the cookie while the server store did
 * not answer: the id may be a member's, whose session is still there.
 */
const UNCHECKED = '__unchecked'

/** Requests whose session the server store could not read (it was away). */
const uncheckedRequests = new WeakSet<HttpContext>()

/**
 * Whether this request's session could not be checked: served as a guest's
 * while the store was away, it may be a member's, and its cookie must stay.
 */
export function sessionUnchecked(ctx: HttpContext) {
  return uncheckedRequests.has(ctx)
}

/** Keys that make a session a member's: the session guard's `auth_<guard>`. */
const isMemberKey = (key: string) => key.startsWith('auth_')

type ServerStore = SessionStoreContract & Partial<SessionStoreWithTaggingContract>

/**
 * Guests' sessions (flash messages, old input, where they were going) live
 * in an encrypted cookie; members' sessions in the server store (database or
 * Redis), where they can be listed and ended. So a visitor who only reads
 * causes no write at all, however many pages they open, and a viral
 * petition's readers cost the database nothing.
 */
export class GuestsInCookieStore implements SessionStoreWithTaggingContract {
  /** Where this request's session was read from. */
  #source: 'cookie' | 'server' | null = null
  /** The server store did not answer: the session is served as a guest's, unchecked. */
  #unchecked = false
  #tagged = false

  constructor(
    private cookie: SessionStoreContract,
    private server: ServerStore,
    /**
     * Whether the request carried a session id. Without one, the id is new,
     * and the server has nothing under it: a first visit reads nothing.
     */
    private sessionIdSent = true,
    /** Told when the server store did not answer this request. */
    private onUnchecked?: () => void
  ) {}

  async read(sessionId: string): Promise<SessionData | null> {
    const stored = await this.cookie.read(sessionId)
    if (stored && !stored[UNCHECKED]) {
      this.#source = 'cookie'
      return stored
    }
    const inCookie = stored ? { ...stored } : null
    delete inCookie?.[UNCHECKED]
    if (!this.sessionIdSent) return inCookie
    let onServer: SessionData | null
    try {
      onServer = await this.server.read(sessionId)
    } catch (error) {
      // Redis or the database is away: the visitor is served as a guest
      // meanwhile (pages and guests' forms go on); what they carry in the
      // cookie stays unchecked, and a member finds their session again
      // once the store answers.
      if (!isServiceUnavailable(error)) throw error
      this.#unchecked = true
      this.onUnchecked?.()
      this.#source = 'cookie'
      return inCookie
    }
    if (onServer) this.#source = 'server'
    else if (inCookie) this.#source = 'cookie'
    return onServer ?? inCookie
  }

  async write(sessionId: string, values: SessionData) {
    if (this.#unchecked) {
      // Never moved to the server store, nor its copy there destroyed: it may be a member's.
      await this.cookie.write(sessionId, { ...values, [UNCHECKED]: true })
      return
    }
    if (this.#belongsOnServer(values)) {
      await this.server.write(sessionId, values)
      await this.cookie.destroy(sessionId)
      this.#source = 'server'
      return
    }
    await this.cookie.write(sessionId, values)
    // A member who logged out keeps the session id: its row goes.
    if (this.#source === 'server') await this.server.destroy(sessionId)
    this.#source = 'cookie'
  }

  async destroy(sessionId: string) {
    await this.cookie.destroy(sessionId)
    if (this.#source !== 'cookie' && !this.#unchecked) await this.server.destroy(sessionId)
  }

  /**
   * A guest's session in the cookie is not re-encrypted just to push its
   * expiry back on every page: it lasts its age from its last change. It
   * holds messages about to be shown, nothing a guest loses by its ending
   * (the CSRF secret has a cookie of its own: support/http/csrf).
   */
  async touch(sessionId: string) {
    if (this.#source === 'server') await this.server.touch(sessionId)
  }

  async tag(sessionId: string, userId: string | number) {
    this.#tagged = true
    await this.server.tag?.(sessionId, userId)
  }

  async untag(sessionId: string, userId: string | number) {
    await this.server.untag?.(sessionId, userId)
  }

  async tagged(userId: string | number) {
    return (await this.server.tagged?.(userId)) ?? []
  }

  #belongsOnServer(values: SessionData) {
    if (this.#tagged || Object.keys(values).some(isMemberKey)) return true
    return Buffer.byteLength(JSON.stringify(values)) > MAX_COOKIE_SESSION_BYTES
  }
}

/** A session store that keeps guests in the cookie and members in `serverStore`. */
export function guestsInCookie(
  serverStore: ConfigProvider<SessionStoreFactory>
): ConfigProvider<SessionStoreFactory> {
  return configProvider.create(async (app) => {
    const server = await serverStore.resolver(app)
    const cookie = await stores.cookie().resolver(app)
    // Without a request (listing or ending a member's sessions), only the
    // server store has anything to find.
    return (ctx: HttpContext | null, config) =>
      ctx
        ? new GuestsInCookieStore(
            cookie(ctx, config),
            server(ctx, config),
            carriesCookie(ctx.request.header('cookie'), [config.cookieName]),
            () => uncheckedRequests.add(ctx)
          )
        : server(ctx as unknown as HttpContext, config)
  })
}
