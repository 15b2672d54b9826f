import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import type { SessionData } from '@adonisjs/session/types'
import Provider from 'oidc-provider'
import { exportJWK, generateKeyPair, decodeJwt, SignJWT, type CryptoKey } from 'jose'
import env from '#start/env'
import type { Group } from '@japa/runner/core'
import { identityCallbackUrl } from '#config/identity'
import { site } from '#config/site'
import { signInGroup } from '#tests/helpers/fake_oauth_provider'

/** An account at the provider, found by its subject (what its login form takes). */
export type Account = { country?: string; region?: string }

/** How the provider's token answer is changed on its way to the site (a substituted ID token). */
export type Tampering = 'audience' | 'expired' | 'nonce' | null

const KEY_ID = 'test-signing-key'

/**
 * A real OpenID Connect provider (npm `oidc-provider`) on 127.0.0.1, over
 * plain http, with its development login and consent pages, one account
 * table and one client whose redirect URI is the test site's callback.
 * It listens behind a small proxy that is its issuer: the proxy passes
 * everything through, and can replace the ID token of a token answer by one
 * signed with the provider's own key but for another audience, expired or
 * with another nonce, which the site's library must refuse.
 */
export class TestOidcProvider {
  readonly key = 'test-id'
  readonly clientId = 'undersign-test'
  readonly clientSecret = 'undersign-test-secret-of-some-length'
  accounts = new Map<string, Account>()
  tampering: Tampering = null
  #inner: Server | null = null
  #proxy: Server | null = null
  #privateKey: CryptoKey | null = null
  #issuer = ''

  get issuer() {
    return this.#issuer
  }

  /** The IDENTITY_PROVIDERS entry naming this provider. */
  setting(extra: Record<string, unknown> = {}) {
    return {
      key: this.key,
      name: 'Test eID',
      issuer: this.#issuer,
      clientId: this.clientId,
      clientSecret: this.clientSecret,
      scopes: ['address'],
      claims: { country: 'address.country', region: 'address.region' },
      ...extra,
    }
  }

  /** Points the site's IDENTITY_PROVIDERS at this provider (and others); returns the undo. */
  configureSite(entries: Record<string, unknown>[] = [this.setting()]) {
    const before = env.get('IDENTITY_PROVIDERS')
    env.set('IDENTITY_PROVIDERS', JSON.stringify(entries))
    return () => env.set('IDENTITY_PROVIDERS', before ?? '')
  }

  async start() {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true })
    this.#privateKey = privateKey
    const jwk = { ...(await exportJWK(privateKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' }
    this.#proxy = createServer((request, response) => this.#pass(request, response))
    await listen(this.#proxy)
    this.#issuer = `http://127.0.0.1:${(this.#proxy.address() as AddressInfo).port}`
    const provider = new Provider(this.#issuer, {
      clients: [
        {
          client_id: this.clientId,
          client_secret: this.clientSecret,
          redirect_uris: [identityCallbackUrl(this.key)],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      jwks: { keys: [jwk] },
      claims: { openid: ['sub'], address: ['address'] },
      findAccount: (_ctx: unknown, id: string) => {
        const account = this.accounts.get(id)
        if (!account) return undefined
        return {
          accountId: id,
          claims: () => ({
            sub: id,
            address: { country: account.country, region: account.region },
          }),
        }
      },
      cookies: { keys: ['test-cookie-key-not-secret'] },
    })
    this.#inner = createServer(provider.callback())
    await listen(this.#inner)
    return this
  }

  async stop() {
    for (const server of [this.#proxy, this.#inner]) {
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
    }
    this.#proxy = this.#inner = null
  }

  reset() {
    this.accounts = new Map([['alice-42', { country: 'DE', region: 'BY' }]])
    this.tampering = null
  }

  /** Everything to the provider; a token answer's ID token replaced when `tampering` says so. */
  #pass(
    incoming: import('node:http').IncomingMessage,
    outgoing: import('node:http').ServerResponse
  ) {
    const port = (this.#inner!.address() as AddressInfo).port
    const forwarded = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      async (answer) => {
        const chunks: Buffer[] = []
        for await (const chunk of answer) chunks.push(chunk as Buffer)
        let body = Buffer.concat(chunks)
        const headers = { ...answer.headers }
        if (incoming.url === '/token' && answer.statusCode === 200 && this.tampering) {
          const tokens = JSON.parse(body.toString())
          tokens.id_token = await this.#substitute(tokens.id_token, this.tampering)
          body = Buffer.from(JSON.stringify(tokens))
          headers['content-length'] = String(body.length)
        }
        outgoing.writeHead(answer.statusCode ?? 502, headers)
        outgoing.end(body)
      }
    )
    incoming.pipe(forwarded)
  }

  /** The same ID token, changed and signed again with the provider's key. */
  async #substitute(idToken: string, tampering: NonNullable<Tampering>) {
    const claims = decodeJwt(idToken)
    const now = Math.floor(Date.now() / 1000)
    if (tampering === 'audience') claims.aud = 'another-client'
    if (tampering === 'nonce') claims.nonce = 'a-nonce-of-another-check'
    if (tampering === 'expired') Object.assign(claims, { iat: now - 7200, exp: now - 3600 })
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
      .sign(this.#privateKey!)
  }
}

function listen(server: Server) {
  return new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
}

/** A browser at the provider: its cookies, kept across its pages. */
class ProviderBrowser {
  #cookies = new Map<string, string>()

  async get(url: string) {
    return this.#keep(await fetch(url, { redirect: 'manual', headers: this.#headers() }))
  }

  async text(url: string) {
    const response = await fetch(url, { redirect: 'manual', headers: this.#headers() })
    this.#keep(response)
    return response.text()
  }

  async post(url: string, form: Record<string, string>) {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...this.#headers(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    })
    return this.#keep(response)
  }

  #headers(): Record<string, string> {
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    return cookie ? { cookie } : {}
  }

  #keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]
      this.#cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1))
    }
    return new URL(response.headers.get('location') ?? '', response.url)
  }
}

/**
 * At the provider, from its authorization address to the redirect back to
 * the site: logs `login` in and consents on its development pages, or
 * aborts (`deny`). The site's callback address with the provider's answer.
 */
export async function throughProvider(authorizationUrl: string, login = 'alice-42', deny = false) {
  const browser = new ProviderBrowser()
  let next = await browser.get(authorizationUrl)
  for (let step = 0; step < 10; step++) {
    if (!next.pathname.startsWith('/interaction/')) {
      if (next.origin === new URL(authorizationUrl).origin) {
        next = await browser.get(next.href)
        continue
      }
      return next
    }
    const page = await browser.text(next.href)
    if (deny) {
      next = await browser.get(`${next.href}/abort`)
    } else {
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1] ?? 'login'
      next = await browser.post(next.href, { prompt, login, password: 'any' })
    }
  }
  throw new Error('the provider never sent the browser back')
}

/**
 * A browser on the site: one language's host and its session, carried from
 * answer to answer (the test client's session store forgets a session once
 * it has read the answer).
 */
export class SiteBrowser {
  session: SessionData = {}
  constructor(
    private client: ApiClient,
    readonly host: string
  ) {}

  async get(path: string, options: { inertia?: boolean } = {}): Promise<ApiResponse> {
    const request = this.client.get(path).header('host', this.host).redirects(0)
    if (Object.keys(this.session).length) request.withSession(this.session)
    if (options.inertia) request.withInertia()
    const response = await request
    this.session = (response.session() ?? {}) as SessionData
    return response
  }

  /** A form sent from this browser (JSON, as the site's forms send it), with its session. */
  async post(path: string, body: Record<string, unknown>): Promise<ApiResponse> {
    const request = this.client.post(path).header('host', this.host).json(body).redirects(0)
    request.withSession(this.session).withCsrfToken()
    const response = await request
    this.session = { ...this.session, ...((response.session() ?? {}) as SessionData) }
    return response
  }
}

/** The German site's host, where the tests' signers and members read. */
export const GERMAN_HOST = new URL(site.urlFor('de')).hostname
/** The bare domain's host, where every provider answers (its callback). */
export const BARE_HOST = new URL(site.url).hostname

/** A site address as a request path: its path and query. */
export function pathOf(url: string | URL) {
  const parsed = new URL(url, site.url)
  return `${parsed.pathname}${parsed.search}`
}

/**
 * The provider's answer at our callback, on the bare domain (a browser
 * without the language site's session, as on localhost), then back on the
 * browser's language site: the callback's answer, where it sent the
 * browser, and the page it landed on.
 */
export async function backFromProvider(browser: SiteBrowser, client: ApiClient, answer: URL) {
  const callback = await new SiteBrowser(client, BARE_HOST).get(pathOf(answer))
  callback.assertStatus(302)
  const back = new URL(callback.header('location')!)
  return { callback, back, landing: await browser.get(pathOf(back)) }
}

/** A browser-test group with this provider running, reset and configured for each test. */
export function providerJourneys(group: Group, provider: TestOidcProvider) {
  group.setup(async () => {
    await provider.start()
    return () => provider.stop()
  })
  group.each.setup(() => {
    provider.reset()
    return provider.configureSite()
  })
}

/** A functional-test group with this provider running, and the site pointed at it for each test. */
export function providerGroup(group: Group, provider: TestOidcProvider) {
  signInGroup(group, provider)
  group.each.setup(() => provider.configureSite())
}
