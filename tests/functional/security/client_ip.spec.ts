import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import { allowedRequests } from '#config/rate_limits'
import { parseTrustedProxies, trustProxiesIn } from '#start/trusted_proxies'

/**
 * Runs the server as with another TRUSTED_PROXIES setting until the test
 * ends. The tests connect from 127.0.0.1, so a list without loopback makes
 * their peer an untrusted client.
 */
function runWithTrustedProxies(value: string, cleanup: (handler: () => void) => void) {
  const http = app.config.get<{ trustProxy: (address: string, hop: number) => boolean }>('app.http')
  const original = http.trustProxy
  http.trustProxy = trustProxiesIn(parseTrustedProxies(value))
  cleanup(() => (http.trustProxy = original))
}

/** Reset-link requests, each claiming another client address; the statuses. */
async function requestsClaiming(client: ApiClient, count: number) {
  const statuses: number[] = []
  for (let attempt = 0; attempt < count; attempt++) {
    const response = await client
      .post('/auth/password/email')
      .header('x-forwarded-for', `198.51.100.${attempt + 1}`)
      .form({ email: `someone${attempt}@example.com` })
      .withCsrfToken()
      .redirects(0)
    statuses.push(response.status())
  }
  return statuses
}

test.group('Security: client addresses behind a proxy', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a client that is not a trusted proxy cannot dodge a rate limit with X-Forwarded-For', async ({
    client,
    assert,
    cleanup,
  }) => {
    runWithTrustedProxies('10.0.0.0/8', cleanup)
    const allowed = allowedRequests('passwordResetRequest')
    const statuses = await requestsClaiming(client, allowed + 1)
    assert.deepEqual(statuses.slice(0, allowed), Array(allowed).fill(302))
    assert.equal(statuses[allowed], 429, 'the limit counts the real peer, whatever it claims')
  })

  test('with TRUSTED_PROXIES=false, the header is ignored even from loopback', async ({
    client,
    assert,
    cleanup,
  }) => {
    runWithTrustedProxies('false', cleanup)
    const allowed = allowedRequests('passwordResetRequest')
    const statuses = await requestsClaiming(client, allowed + 1)
    assert.equal(statuses[allowed], 429)
  })

  test('behind a trusted proxy, each client has its own limit', async ({ client, assert }) => {
    // The default setting: a proxy on this machine (loopback), which the tests' peer is.
    const allowed = allowedRequests('passwordResetRequest')
    const statuses = await requestsClaiming(client, allowed + 3)
    assert.deepEqual(statuses, Array(allowed + 3).fill(302))

    // The proxy's own client, the last one in the header, is the one counted.
    const sameClient: number[] = []
    for (let attempt = 0; attempt <= allowed; attempt++) {
      const response = await client
        .post('/auth/password/email')
        .header('x-forwarded-for', `203.0.113.${attempt + 1}, 192.0.2.44`)
        .form({ email: `again${attempt}@example.com` })
        .withCsrfToken()
        .redirects(0)
      sameClient.push(response.status())
    }
    assert.equal(sameClient[allowed], 429, 'a spoofed first hop does not reset the count')
  })
})
