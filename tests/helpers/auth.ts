import app from '@adonisjs/core/services/app'
import { configProvider } from '@adonisjs/core'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import { UserFactory } from '#database/factories/user_factory'
import { linkIn, outbox } from '#tests/helpers/outbox'

export const PASSWORD = 'correct horse battery staple'

/** A member with a known password (the factory hashes it on save). */
export function makeMember(overrides: Record<string, unknown> = {}) {
  return UserFactory.merge({ password: PASSWORD, ...overrides }).create()
}

/**
 * What the server left in the session of a response. (The test client reads
 * it when the response arrives, then drops that session from the store.)
 */
export function sessionOf(response: ApiResponse): Record<string, unknown> {
  return (response.session() ?? {}) as Record<string, unknown>
}

/** The member id the response's session is logged in as, if any. */
export function loggedInAs(response: ApiResponse) {
  return (sessionOf(response).auth_web as number | undefined) ?? null
}

/** Logs in through the real form; returns the response. */
export async function logInThroughForm(client: ApiClient, email: string, password = PASSWORD) {
  const response = await client
    .post('/login')
    .form({ email, password })
    .withCsrfToken()
    .redirects(0)
  if (!loggedInAs(response))
    throw new Error(`login as ${email} failed (status ${response.status()})`)
  return response
}

/**
 * The session store the app uses (memory in tests), to hold sessions that
 * stand for other browsers of a member.
 */
export async function sessionStore() {
  const config = (await configProvider.resolve<any>(app, app.config.get('session')))!
  return config.stores[config.store](null, config) as {
    read(id: string): Promise<unknown> | unknown
    write(id: string, values: Record<string, unknown>): Promise<void> | void
    tag(id: string, userId: string): Promise<void> | void
  }
}

/** A flashed alert or message text: flashMessages().alerts.error and the like. */
export function flashed(response: ApiResponse, bag: 'alerts' | 'messages', kind: string) {
  const values = (response.flashMessages()?.[bag] ?? {}) as Record<string, string | undefined>
  return values[kind]
}

/**
 * Sets `password` through the link of the newest password mail to `email`,
 * as the holder of that mailbox does; the answer of the reset form.
 */
export async function resetFromMail(client: ApiClient, email: string, password: string) {
  const resetMail = (await outbox.to(email)).find((mail) =>
    (mail.html ?? '').includes('/auth/password/reset/')
  )
  if (!resetMail) throw new Error(`no password mail to ${email}`)
  const link = new URL(linkIn(resetMail.html, '/auth/password/reset/'))
  return client
    .post('/auth/password/reset')
    .form({
      token: link.pathname.split('/').pop(),
      email: link.searchParams.get('email'),
      password,
      password_confirmation: password,
    })
    .withCsrfToken()
    .redirects(0)
}

/** Asks for a password reset link for `email`, then sets `password` through it. */
export async function resetThroughMail(client: ApiClient, email: string, password: string) {
  await client.post('/auth/password/email').form({ email }).withCsrfToken().redirects(0)
  return resetFromMail(client, email, password)
}
