import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import { allowedRequests } from '#config/rate_limits'
import { flashed, makeMember } from '#tests/helpers/auth'
import { sign } from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'

/**
 * One subscriber's /64: a client that holds it can send every request from
 * a new address of it. The tests' peer is loopback, a trusted proxy, which
 * names the client in X-Forwarded-For.
 */
const BLOCK = '2001:db8:45:16'
const rotated = (index: number) => `${BLOCK}:${(index + 1).toString(16)}:0:0:${index + 7}`
const OTHER_BLOCK_ADDRESS = '2001:db8:45:17::1'

function resetLinkFrom(client: ApiClient, ip: string, index: number) {
  return client
    .post('/auth/password/email')
    .header('x-forwarded-for', ip)
    .form({ email: `someone${index}@example.com` })
    .withCsrfToken()
    .redirects(0)
}

function failedLoginFrom(client: ApiClient, ip: string, email: string, index: number) {
  return client
    .post('/login')
    .header('x-forwarded-for', ip)
    .header('x-inertia', 'true')
    .form({ email, password: `wrong-${index}` })
    .withCsrfToken()
    .redirects(0)
}

function reportFrom(client: ApiClient, ip: string, guid: string, slug: string) {
  return client
    .post(`/petition/${guid}/report`)
    .header('x-forwarded-for', ip)
    .header('referer', `http://undersign.test/petition/${slug}`)
    .form({ reason: 'spam' })
    .withCsrfToken()
    .redirects(0)
}

test.group('Security: an IPv6 /64 is one client for every per-address limit', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a new address of the same /64 for each request still meets the limit; another /64 does not', async ({
    client,
    assert,
  }) => {
    const allowed = allowedRequests('passwordResetRequest')
    const statuses: number[] = []
    for (let index = 0; index <= allowed; index++) {
      statuses.push((await resetLinkFrom(client, rotated(index), index)).status())
    }
    assert.deepEqual(statuses.slice(0, allowed), Array(allowed).fill(302))
    assert.equal(statuses[allowed], 429, 'the /64 has used its allowance')
    assert.equal((await resetLinkFrom(client, OTHER_BLOCK_ADDRESS, 99)).status(), 302)
    // Written another way (zeros spelled out, upper case), it is the same /64.
    const spelled = `2001:0DB8:0045:0016:ffff:0:0:1`
    assert.equal((await resetLinkFrom(client, spelled, 100)).status(), 429)
  })

  test('signing from rotating addresses of a /64 is counted as from one address', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const allowed = allowedRequests('sign')
    for (let index = 0; index < allowed; index++) {
      const response = await sign(client, petition, {
        email: `signer${index}@example.org`,
      }).header('x-forwarded-for', rotated(index))
      assert.notEqual(response.status(), 429, `signature ${index}`)
    }
    const refused = await sign(client, petition, { email: 'one-more@example.org' }).header(
      'x-forwarded-for',
      rotated(allowed)
    )
    refused.assertStatus(429)
    const elsewhere = await sign(client, petition, { email: 'elsewhere@example.org' }).header(
      'x-forwarded-for',
      OTHER_BLOCK_ADDRESS
    )
    assert.notEqual(elsewhere.status(), 429)
  }).timeout(60_000)

  test('failed logins on an account from rotating addresses of a /64 add up', async ({
    client,
  }) => {
    await makeMember({ email: 'ruth@example.com' })
    const allowed = allowedRequests('loginFailuresPerAccountAndIp')
    for (let index = 0; index < allowed; index++) {
      const response = await failedLoginFrom(client, rotated(index), 'ruth@example.com', index)
      response.assertStatus(302)
    }
    const next = await failedLoginFrom(client, rotated(allowed), 'ruth@example.com', allowed)
    next.assertStatus(429)
    const elsewhere = await failedLoginFrom(client, OTHER_BLOCK_ADDRESS, 'ruth@example.com', 0)
    elsewhere.assertStatus(302)
  })

  test("a guest's open report holds for the whole /64; another /64 is another reporter", async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const first = await reportFrom(client, rotated(0), petition.guid, petition.slug)
    assert.match(flashed(first, 'alerts', 'success')!, /moderators will review/)
    const again = await reportFrom(client, rotated(1), petition.guid, petition.slug)
    assert.match(flashed(again, 'alerts', 'info')!, /already reported/)
    const other = await reportFrom(client, OTHER_BLOCK_ADDRESS, petition.guid, petition.slug)
    assert.match(flashed(other, 'alerts', 'success')!, /moderators will review/)
  })

  test('IPv4 addresses stay exact: two neighbours of one network each have their own allowance', async ({
    client,
    assert,
  }) => {
    const allowed = allowedRequests('passwordResetRequest')
    for (let index = 0; index < allowed; index++) {
      assert.equal((await resetLinkFrom(client, '198.51.100.20', index)).status(), 302)
    }
    assert.equal((await resetLinkFrom(client, '198.51.100.20', allowed)).status(), 429)
    assert.equal((await resetLinkFrom(client, '198.51.100.21', allowed + 1)).status(), 302)
  })
})
