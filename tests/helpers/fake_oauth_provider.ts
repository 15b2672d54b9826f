import { createServer, type Server } from 'node:http'
import type { ApiClient } from '@japa/api-client'
import type { Group } from '@japa/runner/core'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { outbox } from '#tests/helpers/outbox'

export type FakeProfile = {
  id: string
  name: string
  email: string | null
  verified: boolean
  avatarUrl?: string
  givenName?: string
  familyName?: string
}

/**
 * A local stand-in for GitHub's and Google's OAuth endpoints (the URLs in
 * .env.test point here). The authorize step answers at once, like a user who
 * clicks "Authorize", or with `access_denied` when `deny` is set.
 */
export class FakeOAuthProvider {
  profile: FakeProfile = { id: '1001', name: 'Octo Cat', email: 'octo@example.com', verified: true }
  deny = false
  failToken = false
  #server: Server | null = null
  #codes = new Map<string, FakeProfile>()

  async start(port = 3335) {
    this.#server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`)
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () =>
        this.#answer(url, body, request.headers.authorization ?? '', response)
      )
    })
    await new Promise<void>((resolve) => this.#server!.listen(port, '127.0.0.1', resolve))
    return this
  }

  async stop() {
    await new Promise<void>((resolve) =>
      this.#server ? this.#server.close(() => resolve()) : resolve()
    )
    this.#server = null
  }

  reset() {
    this.profile = { id: '1001', name: 'Octo Cat', email: 'octo@example.com', verified: true }
    this.deny = false
    this.failToken = false
  }

  #json(response: import('node:http').ServerResponse, status: number, payload: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(payload))
  }

  #answer(
    url: URL,
    body: string,
    authorization: string,
    response: import('node:http').ServerResponse
  ) {
    const [, provider, step] = url.pathname.split('/')
    if (step === 'authorize') {
      const back = new URL(url.searchParams.get('redirect_uri')!)
      back.searchParams.set('state', url.searchParams.get('state') ?? '')
      if (this.deny) {
        back.searchParams.set('error', 'access_denied')
      } else {
        const code = `code-${Math.random().toString(36).slice(2)}`
        this.#codes.set(code, { ...this.profile })
        back.searchParams.set('code', code)
      }
      response.writeHead(302, { location: back.toString() })
      return response.end()
    }
    if (step === 'token') {
      const code = new URLSearchParams(body).get('code') ?? ''
      if (this.failToken || !this.#codes.has(code))
        return this.#json(response, 400, { error: 'bad_verification_code' })
      return this.#json(response, 200, {
        access_token: `token:${code}`,
        token_type: 'bearer',
        scope: 'user:email',
        expires_in: 3600,
      })
    }
    // API calls carry the token the token step handed out: "token:{code}".
    const code = authorization.replace(/^(bearer|token)\s+/i, '').replace(/^token:/, '')
    const profile = this.#codes.get(code)
    if (!profile) return this.#json(response, 401, { message: 'Bad credentials' })
    if (provider === 'github' && step === 'user') {
      return this.#json(response, 200, {
        id: Number(profile.id),
        login: 'octocat',
        name: profile.name,
        email: null,
        avatar_url: profile.avatarUrl ?? null,
      })
    }
    if (provider === 'github' && step === 'emails') {
      return this.#json(
        response,
        200,
        profile.email ? [{ email: profile.email, primary: true, verified: profile.verified }] : []
      )
    }
    if (provider === 'google' && step === 'userinfo') {
      return this.#json(response, 200, {
        sub: profile.id,
        name: profile.name,
        given_name: profile.givenName,
        family_name: profile.familyName,
        email: profile.email,
        email_verified: profile.verified,
        picture: profile.avatarUrl,
      })
    }
    return this.#json(response, 404, { message: 'Not Found' })
  }
}

/**
 * The whole round trip, as a browser makes it: our redirect, the provider's
 * consent (answered at once by the fake), then our callback with the state
 * cookie set by the first step.
 */
export async function signInWith(
  client: ApiClient,
  name: 'github' | 'google',
  host = 'undersign.test'
) {
  const start = await client.get(`/auth/${name}/redirect`).header('host', host).redirects(0)
  start.assertStatus(302)
  const consent = await fetch(start.header('location')!, { redirect: 'manual' })
  const back = new URL(consent.headers.get('location')!)
  const stateCookie = start.cookie(`${name === 'github' ? 'gh' : 'google'}_oauth_state`)
  let request = client.get(`${back.pathname}${back.search}`).header('host', host).redirects(0)
  if (stateCookie) request = request.withEncryptedCookie(stateCookie.name, stateCookie.value)
  return request
}

/**
 * A group whose tests go through `provider` (a sign-in, an identity
 * check): it runs for the group and
 * is reset before each test, which starts from a rolled-back database, fresh
 * rate limits and an empty outbox.
 */
export function signInGroup(
  group: Group,
  provider: { start(): Promise<unknown>; stop(): Promise<void>; reset(): void }
) {
  group.setup(async () => {
    await provider.start()
    return () => provider.stop()
  })
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    provider.reset()
    await limiter.clear()
    await outbox.clear()
  })
}
