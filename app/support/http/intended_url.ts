import type { HttpRequest } from '@adonisjs/core/http'
import type { Session } from '@adonisjs/session'
import { urlFor } from '@adonisjs/core/services/url_builder'

const KEY = 'intended_url'

/** Where a member lands when nothing else is asked for: My petitions. */
export function homeOfMembers() {
  return urlFor('my.petitions')
}

/** Remembers where a guest was going before being sent to log in. */
export function rememberIntendedUrl(request: HttpRequest, session: Session) {
  if (request.method() === 'GET') session.put(KEY, request.url(true))
}

/** Whether the guest was going to `url` (a path of this site): the page can say what comes next. */
export function isIntendedUrl(session: Session, url: string) {
  return session.get(KEY, null) === url
}

/**
 * `url` when it is a path of this site, else null: never another host,
 * including the forms browsers read as one (`//host`, `/\\host`).
 */
export function sitePath(url: unknown): string | null {
  return typeof url === 'string' && /^\/(?![/\\])/.test(url) ? url : null
}

/** Remembers a path of this site to land on after logging in. */
export function rememberIntendedPath(session: Session, path: string) {
  session.put(KEY, path)
}

/**
 * Where to go after login or registration: the page the guest
 * wanted, else My petitions. Only paths of this site, never another host.
 */
export function pullIntendedUrl(session: Session) {
  return sitePath(session.pull(KEY, null)) ?? homeOfMembers()
}
