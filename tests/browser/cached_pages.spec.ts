import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import type { BrowserContext, Page } from 'playwright-core'
import { browserJourneys, inBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { PetitionFactory } from '#database/factories/petition_factory'
import Signature from '#models/signature'
import NewsletterSubscription from '#models/newsletter_subscription'

const en = i18nManager.locale('en')

/** Opens a page and checks it came as a shared cache keeps it: public, and no cookie set. */
async function visitAsCached(page: Page, context: BrowserContext, url: string, assert: any) {
  const answer = page.waitForResponse((response) => response.url() === url)
  await visit(page, url)
  const headers = await (await answer).allHeaders()
  assert.match(headers['cache-control'] ?? '', /^public, s-maxage=1\b/)
  assert.notProperty(headers, 'set-cookie')
  // No session: the next pages come from the cache too. (The CSRF cookies a form left
  // say nothing personal.)
  const names = (await context.cookies()).map((cookie) => cookie.name)
  assert.notInclude(names, 'undersign-session')
  assert.notInclude(names, 'signed_petitions')
}

/**
 * Guests' pages come from a shared cache without any cookie, so without the
 * CSRF token: the client asks for it when a form is first used, and every
 * form still works.
 */
test.group('Browser: forms on pages delivered without cookies', (group) => {
  browserJourneys(group)

  test('a guest signs from a petition page that set no cookie', async ({ assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const url = siteUrl(`/petition/${petition.slug}`)

    await inBrowser('sign from a cached page', async (page, context) => {
      await visitAsCached(page, context, url, assert)
      const form = page.getByTestId('sign-form')
      const token = page.waitForResponse((response) => response.url().endsWith('/csrf-token'))
      await form.locator('[name="firstName"]').fill('Marta')
      assert.equal((await token).status(), 204)
      await form.locator('[name="lastName"]').fill('Ruiz')
      await form.locator('[name="email"]').fill('marta.ruiz@example.org')
      await form.locator('[name="comment"]').fill('Our street needs this crossing.')
      await form.getByTestId('sign-submit').click()
      await page
        .locator('.swal2-title', { hasText: en.t('page.petition_page.almost_done_title') })
        .waitFor()
      assert.isNotNull(await Signature.findBy('email', 'marta.ruiz@example.org'))
    })
  })

  test('a guest subscribes from the home page and a member logs in, both without a cookie first', async ({
    assert,
  }) => {
    await makeMember({ email: 'ines@example.org' })

    await inBrowser('subscribe from a cached page', async (page, context) => {
      await visitAsCached(page, context, siteUrl('/'), assert)
      const form = page.getByTestId('subscription-form')
      await form.locator('[name="email"]').fill('reader@example.org')
      await form.getByRole('button').click()
      await page.getByText(en.t('page.subscription.requested')).first().waitFor()
      assert.isNotNull(await NewsletterSubscription.findBy('email', 'reader@example.org'))
      // A returning guest: their message shown once, only the CSRF cookies are left, and the
      // pages come as a shared cache keeps them again.
      const names = (await context.cookies()).map((cookie) => cookie.name)
      assert.sameMembers(names, ['undersign-csrf', 'XSRF-TOKEN'])
      await visitAsCached(page, context, siteUrl('/'), assert)
      await page
        .getByText(en.t('page.subscription.requested'))
        .first()
        .waitFor({ state: 'detached' })
      await visitAsCached(page, context, siteUrl('/petitions'), assert)
    })

    await inBrowser('log in with no cookie left', async (page, context) => {
      await visitAsCached(page, context, siteUrl('/'), assert)
      await page.goto(siteUrl('/login'))
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      // As if this page too had come without cookies (or they had expired meanwhile).
      await context.clearCookies()
      const login = page.getByTestId('login-form')
      await login.locator('[name="email"]').fill('ines@example.org')
      await login.locator('[name="password"]').fill(PASSWORD)
      await Promise.all([page.waitForURL(/\/my\/petitions$/), login.getByRole('button').click()])
    })
  })

  test('a first form sent without the token is refused (419) and stores nothing', async ({
    assert,
  }) => {
    await inBrowser('no token', async (page, context) => {
      await visitAsCached(page, context, siteUrl('/'), assert)
      const status = await page.evaluate(async () => {
        const response = await fetch('/subscription', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-inertia': 'true' },
          body: JSON.stringify({ email: 'forged@example.org' }),
        })
        return response.status
      })
      assert.equal(status, 419)
      assert.isNull(await NewsletterSubscription.findBy('email', 'forged@example.org'))
    })
  })
})
