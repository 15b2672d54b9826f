import { test } from '@japa/runner'
import env from '#start/env'
import { allowedRequests } from '#config/rate_limits'
import { loginFailureLimits } from '#start/limiter'
import { browserJourneys, inBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { startTurnstileStub } from '#tests/helpers/turnstile_stub'
import { makeMember, PASSWORD } from '#tests/helpers/auth'

const SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'

/** Stands in for Cloudflare's script: renders a box and hands out a token for its action and host. */
const FAKE_TURNSTILE = `
window.turnstile = {
  render(element, options) {
    element.innerHTML = '<div data-fake-turnstile>bot check</div>'
    setTimeout(() => options.callback('good-token:' + options.action + '@' + location.hostname), 10)
    return 'widget-1'
  },
  reset() {},
  remove() {},
}`

test.group('Browser: the login bot check', (group) => {
  let stub: Awaited<ReturnType<typeof startTurnstileStub>>
  browserJourneys(group)
  group.setup(async () => {
    stub = await startTurnstileStub()
    env.set('TURNSTILE_SITE_KEY', 'test-site-key')
    env.set('TURNSTILE_SECRET_KEY', 'test-secret')
    env.set('TURNSTILE_VERIFY_URL', stub.url)
    return async () => {
      env.set('TURNSTILE_SITE_KEY', '')
      env.set('TURNSTILE_SECRET_KEY', '')
      await stub.close()
    }
  })

  test('after many failed logins on the account, the owner passes the bot check and logs in', async ({
    assert,
  }) => {
    await makeMember({ email: 'anna@example.com' })
    // Failed guesses on the account from elsewhere, as an attacker's would be.
    for (let failure = 0; failure < allowedRequests('loginFailuresBeforeBotCheck'); failure++) {
      await loginFailureLimits('anna@example.com', `198.51.100.${failure + 1}`)!.countFailure()
    }

    await inBrowser('login bot check', async (page) => {
      await page.route(SCRIPT, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: FAKE_TURNSTILE })
      )
      await visit(page, siteUrl('/login'))
      const form = page.getByTestId('login-form')
      assert.equal(await form.locator('[data-fake-turnstile]').count(), 0, 'no widget at first')

      await form.locator('[name="email"]').fill('anna@example.com')
      await form.locator('[name="password"]').fill(PASSWORD)
      await form.getByRole('button').click()
      await form.locator('[data-error-for="cfTurnstileResponse"]').waitFor()
      await form.locator('[data-fake-turnstile]').waitFor()

      await form.locator('[name="password"]').fill(PASSWORD)
      await Promise.all([page.waitForURL(/\/my\/petitions$/), form.getByRole('button').click()])
      assert.equal(stub.calls.at(-1)?.response, 'good-token:login@undersign.test')
    })
  })
})
