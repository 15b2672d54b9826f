import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import env from '#start/env'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import { allowedRequests } from '#config/rate_limits'
import { goodToken, requireTurnstile } from '#tests/helpers/turnstile_stub'
import { fieldErrors } from '#tests/helpers/validation'
import { flashed, loggedInAs, makeMember, PASSWORD } from '#tests/helpers/auth'

const ATTACKER_IP = '198.51.100.66'
const OWNER_IP = '203.0.113.10'

/**
 * A login from one client address. The tests' peer is loopback, which
 * TRUSTED_PROXIES trusts by default, so it stands for a proxy that names the
 * client in X-Forwarded-For.
 */
function loginFrom(
  client: ApiClient,
  ip: string,
  form: { email: string; password: string; cfTurnstileResponse?: string }
) {
  return client
    .post('/login')
    .header('x-forwarded-for', ip)
    .header('x-inertia', 'true')
    .form(form)
    .withCsrfToken()
    .redirects(0)
}

/** Whether the answer told the login page to show the bot check. */
function asksForBotCheck(response: ApiResponse) {
  return response.flashMessages()?.botCheckRequired === true
}

async function failLogins(client: ApiClient, ip: string, email: string, count: number) {
  for (let attempt = 0; attempt < count; attempt++) {
    const response = await loginFrom(client, ip, { email, password: `wrong-${attempt}` })
    if (response.status() !== 302) throw new Error(`failure ${attempt} got ${response.status()}`)
  }
}

test.group('Security: failed logins throttle the attacker, not the owner', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('the owner logs in from elsewhere while the attacker address waits', async ({
    client,
    assert,
  }) => {
    const owner = await makeMember({ email: 'anna@example.com' })
    await failLogins(
      client,
      ATTACKER_IP,
      'anna@example.com',
      allowedRequests('loginFailuresPerAccountAndIp')
    )

    const attackerAgain = await loginFrom(client, ATTACKER_IP, {
      email: 'anna@example.com',
      password: PASSWORD,
    })
    attackerAgain.assertStatus(429)
    assert.isNull(loggedInAs(attackerAgain), 'even a right guess from that address waits')

    const ownerLogin = await loginFrom(client, OWNER_IP, {
      email: 'anna@example.com',
      password: PASSWORD,
    })
    ownerLogin.assertStatus(302)
    assert.equal(loggedInAs(ownerLogin), owner.id)
  })

  test('an address failing on many accounts is throttled, others are not', async ({
    client,
    assert,
  }) => {
    const owner = await makeMember({ email: 'anna@example.com' })
    const allowed = allowedRequests('loginFailuresPerIp')
    for (let attempt = 0; attempt < allowed; attempt++) {
      const response = await loginFrom(client, ATTACKER_IP, {
        email: `user${attempt}@example.com`,
        password: 'whatever-1',
      })
      response.assertStatus(302)
    }
    const limited = await loginFrom(client, ATTACKER_IP, {
      email: 'someone-new@example.com',
      password: 'whatever-1',
    })
    limited.assertStatus(429)
    assert.equal(
      limited.body().message,
      'You have made too many attempts. Please wait a little and try again.'
    )

    const ownerLogin = await loginFrom(client, OWNER_IP, {
      email: 'anna@example.com',
      password: PASSWORD,
    })
    assert.equal(loggedInAs(ownerLogin), owner.id)
  })

  test('after many failures on an account the bot check is required, and a valid token lets the owner in', async ({
    client,
    assert,
    cleanup,
  }) => {
    const stub = await requireTurnstile(cleanup)
    env.set('TURNSTILE_SITE_KEY', 'test-site-key')
    cleanup(() => env.set('TURNSTILE_SITE_KEY', ''))
    const owner = await makeMember({ email: 'anna@example.com' })

    // Failures from several addresses, each below its own limit.
    const needed = allowedRequests('loginFailuresBeforeBotCheck')
    const perAddress = allowedRequests('loginFailuresPerAccountAndIp') - 1
    let failures = 0
    let lastFailure: ApiResponse | null = null
    for (let address = 1; failures < needed; address++) {
      for (let attempt = 0; attempt < perAddress && failures < needed; attempt++, failures++) {
        lastFailure = await loginFrom(client, `198.51.100.${address}`, {
          email: 'anna@example.com',
          password: `wrong-${failures}`,
        })
        assert.equal(asksForBotCheck(lastFailure), failures + 1 === needed)
      }
    }
    assert.equal(stub.calls.length, 0, 'no bot check before the limit')
    assert.equal(
      flashed(lastFailure!, 'messages', 'error'),
      'The e-mail address or the password is not correct.'
    )

    // The page now shows the widget.
    const page = await client
      .get('/login')
      .withFlashMessages({ botCheckRequired: true })
      .withInertia()
    page.assertInertiaComponent('Auth/Login')
    assert.isTrue(page.inertiaProps.botCheckRequired)
    assert.equal(page.inertiaProps.turnstileKey, 'test-site-key')
    const plainPage = await client.get('/login').withInertia()
    assert.isFalse(plainPage.inertiaProps.botCheckRequired)

    // Without a token, or with a bad one, even the right password is not enough.
    for (const token of [undefined, 'bad-token']) {
      const refused = await loginFrom(client, OWNER_IP, {
        email: 'anna@example.com',
        password: PASSWORD,
        ...(token ? { cfTurnstileResponse: token } : {}),
      })
      refused.assertStatus(302)
      assert.isNull(loggedInAs(refused), `token ${token}`)
      assert.equal(
        fieldErrors(refused).cfTurnstileResponse?.[0],
        'The bot check failed. Please try again.'
      )
      assert.isTrue(asksForBotCheck(refused))
      assert.equal(
        flashed(refused, 'messages', 'error'),
        'There were many failed logins on this account. Please complete the bot check to continue.'
      )
    }

    // A passed bot check does not help a wrong password.
    const attacker = await loginFrom(client, ATTACKER_IP, {
      email: 'anna@example.com',
      password: 'still-guessing',
      cfTurnstileResponse: goodToken('login'),
    })
    assert.isNull(loggedInAs(attacker))

    const ownerLogin = await loginFrom(client, OWNER_IP, {
      email: 'anna@example.com',
      password: PASSWORD,
      cfTurnstileResponse: goodToken('login'),
    })
    ownerLogin.assertStatus(302)
    ownerLogin.assertHeader('location', '/my/petitions')
    assert.equal(loggedInAs(ownerLogin), owner.id)
    assert.equal(stub.calls.at(-1)?.remoteip, OWNER_IP, 'the client address goes to Turnstile')
  })

  test('an unknown address is counted like a known one', async ({ client, assert, cleanup }) => {
    await requireTurnstile(cleanup)
    const needed = allowedRequests('loginFailuresBeforeBotCheck')
    const perAddress = allowedRequests('loginFailuresPerAccountAndIp') - 1
    for (let failures = 0; failures < needed; failures++) {
      await loginFrom(client, `198.51.100.${Math.floor(failures / perAddress) + 1}`, {
        email: 'ghost@example.com',
        password: `wrong-${failures}`,
      })
    }
    const refused = await loginFrom(client, OWNER_IP, {
      email: 'ghost@example.com',
      password: PASSWORD,
    })
    assert.property(fieldErrors(refused), 'cfTurnstileResponse')
  })
})
