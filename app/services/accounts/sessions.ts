import app from '@adonisjs/core/services/app'
import { SessionCollection } from '@adonisjs/session'
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'

/**
 * Logs a member in on a fresh session (the guard regenerates its id) and
 * tags the session with the member's id, so that a password reset can end
 * every other session of theirs.
 */
export async function startSession(ctx: HttpContext, user: User) {
  await ctx.auth.use('web').login(user)
  if (ctx.session.supportsTagging()) await ctx.session.tag(String(user.id))
}

export async function endSession(ctx: HttpContext) {
  const user = ctx.auth.user
  if (user && ctx.session.supportsTagging()) await ctx.session.untag(String(user.id))
  await ctx.auth.use('web').logout()
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
