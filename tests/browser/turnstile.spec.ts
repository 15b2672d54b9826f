import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import env from '#start/env'
import ContactMessage from '#models/contact_message'
import User from '#models/user'
import { browserJourneys, inBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { goodToken, startTurnstileStub } from '#tests/helpers/turnstile_stub'
import { allowedRequests } from '#config/rate_limits'
import { loginFailureLimits } from '#runtime/limits/rate_limits'
import { makeMember, PASSWORD } from '#tests/helpers/auth'

const SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'

/**
 * Stands in for Cloudflare's script: renders a box and hands out a token the
 * stub accepts, solved for the widget's action on the page's host.
 */
const FAKE_TURNSTILE = `
const solved = (options) => 'good-token:' + options.action + '@' + location.hostname
window.turnstile = {
  render(element, options) {
    window.__turnstile = { options, resets: 0 }
    element.innerHTML = '<div data-fake-turnstile>bot check</div>'
    setTimeout(() => options.callback(solved(options)), 10)
    return 'widget-1'
  },
  reset() { window.__turnstile.resets++; setTimeout(() => window.__turnstile.options.callback(solved(window.__turnstile.options)), 10) },
  remove() {},
}`

async function fillContactForm(page: Page, message: string) {
  const form = page.getByTestId('contact-form')
  await form.locator('[name="name"]').fill('Robot Tester')
  await form.locator('[name="email"]').fill('robot@example.com')
  await form.locator('[name="subject"]').fill('Is this a human?')
  await form.locator('[name="message"]').fill(message)
  return form
}

test.group('Browser: bot check', (group) => {
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

  test('the widget renders with action contact-us, its token passes, and it is reset after sending', async ({
    assert,
  }) => {
    await inBrowser('turnstile widget', async (page) => {
      await page.route(SCRIPT, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: FAKE_TURNSTILE })
      )
      await visit(page, siteUrl('/contacts'))
      await page.locator('[data-fake-turnstile]').waitFor()
      const options = await page.evaluate(
        '({ ...window.__turnstile.options, callback: undefined })'
      )
      assert.containSubset(options, {
        sitekey: 'test-site-key',
        action: 'contact-us',
        theme: 'light',
        size: 'normal',
      })

      const form = await fillContactForm(page, 'This message passed the bot check.')
      await form.getByRole('button').click()
      await page.locator('.Toastify__toast--success').waitFor()
      assert.equal(await page.evaluate('window.__turnstile.resets'), 1)
      assert.equal(stub.calls.at(-1)?.response, goodToken('contact-us'))
      assert.lengthOf(await ContactMessage.all(), 1)
    })
  })

  test('sign-up shows the widget with action signup, and its token lets the member in', async ({
    assert,
  }) => {
    await inBrowser('turnstile sign-up', async (page) => {
      await page.route(SCRIPT, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: FAKE_TURNSTILE })
      )
      await visit(page, siteUrl('/signup'))
      await page.locator('[data-fake-turnstile]').waitFor()
      const options = await page.evaluate(
        '({ ...window.__turnstile.options, callback: undefined })'
      )
      assert.containSubset(options, { sitekey: 'test-site-key', action: 'signup' })

      const signup = page.getByTestId('signup-form')
      await signup.locator('[name="firstName"]').fill('Robot')
      await signup.locator('[name="lastName"]').fill('Tester')
      await signup.locator('[name="email"]').fill('robot@example.com')
      await signup.locator('[name="password"]').fill('violet-river-3141')
      await signup.locator('[name="password_confirmation"]').fill('violet-river-3141')
      await Promise.all([page.waitForURL(/\/my\/petitions$/), signup.getByRole('button').click()])
      assert.equal(stub.calls.at(-1)?.response, goodToken('signup'))
      assert.isNotNull(await User.findBy('email', 'robot@example.com'))
    })
  })

  test('when the script cannot load, the form says so and the server refuses the message', async ({
    assert,
  }) => {
    await inBrowser('turnstile failure', async (page) => {
      await page.route(SCRIPT, (route) => route.abort())
      await visit(page, siteUrl('/contacts'))
      await page.getByText('Failed to load Turnstile').waitFor()

      const form = await fillContactForm(page, 'This message has no bot-check token.')
      await form.getByRole('button').click()
      await form.locator('[data-error-for="cfTurnstileResponse"]').waitFor()
      assert.lengthOf(await ContactMessage.all(), 0)
    })
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
      assert.equal(stub.calls.at(-1)?.response, goodToken('login'))
    })
  })
})
