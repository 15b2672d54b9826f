import app from '@adonisjs/core/services/app'
import { SessionCollection } from '@adonisjs/session'
import type { Session } from '@adonisjs/session'
import type { Authenticator } from '@adonisjs/auth'
import type { Authenticators } from '@adonisjs/auth/types'
import type User from '#models/user'

/**
 * Logs a member in on a fresh session (the guard regenerates its id) and
 * tags the session with the member's id, so that a password reset can end
 * every other session of theirs.
 */
export async function startSession(
  auth: Authenticator<Authenticators>,
  session: Session,
  user: User
) {
  await auth.use('web').login(user)
  if (session.supportsTagging()) await session.tag(String(user.id))
}

export async function endSession(auth: Authenticator<Authenticators>, session: Session) {
  const user = auth.user
  if (user && session.supportsTagging()) await session.untag(String(user.id))
  await auth.use('web').logout()
}

/** Ends every session of a member but the current one. */
export async function endOtherSessions(user: User, currentSessionId: string | null) {
  const sessions = await app.container.make(SessionCollection)
  if (!sessions.supportsTagging()) return
  for (const session of await sessions.tagged(String(user.id))) {
    if (session.id !== currentSessionId) await sessions.destroy(session.id)
  }
}

/** Ends every session of a member, wherever they are logged in. */
export async function endAllSessions(user: User) {
  await endOtherSessions(user, null)
}
