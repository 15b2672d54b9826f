import { test } from '@japa/runner'
import { chromium } from 'playwright-core'
import app from '@adonisjs/core/services/app'
import i18nManager from '@adonisjs/i18n/services/main'
import { CHROMIUM_PATH, ensureChromium } from '#tests/helpers/browser'
import { startAsNewcomer } from '#tests/shipped/support/shipped_app'

const folder = app.makePath('tmp', 'shipped', 'localhost')
const DEMO_MEMBER = 'demo@undersign.org'
const DEMO_PASSWORD = 'correct horse battery staple'

/**
 * `npm start` as a newcomer runs it: on localhost, whose language sites
 * (fr.localhost…) cannot share a cookie, so each keeps its own session.
 */
test.group('Shipped: switching language on localhost', (group) => {
  let port = 0
  group.setup(async () => {
    ensureChromium()
    const newcomer = await startAsNewcomer(folder)
    port = newcomer.port
    return () => newcomer.stop()
  })

  test('a member who switches language from the menu or the footer stays logged in, on the same page', async ({
    assert,
  }) => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--host-resolver-rules=MAP localhost 127.0.0.1, MAP *.localhost 127.0.0.1',
      ],
    })
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      const problems: string[] = []
      page.on('pageerror', (error) => problems.push(error.message))
      const hydrated = () =>
        page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })

      await page.goto(`http://localhost:${port}/login`)
      await hydrated()
      const login = page.getByTestId('login-form')
      await login.locator('[name="email"]').fill(DEMO_MEMBER)
      await login.locator('[name="password"]').fill(DEMO_PASSWORD)
      await Promise.all([page.waitForURL(/\/my\/petitions$/), login.getByRole('button').click()])

      // The flag menu: the French site, on the same page, the member's own.
      await page.getByTestId('language-menu').click()
      await Promise.all([
        page.waitForURL(`http://fr.localhost:${port}/my/petitions`),
        page.locator('[data-locale="fr"]').click(),
      ])
      await hydrated()
      const fr = i18nManager.locale('fr')
      // The member's own page, in French: their address among their details.
      await page.locator('html[lang="fr"]').waitFor({ state: 'attached' })
      await page.locator('dt', { hasText: fr.t('page.my.email') }).waitFor()
      await page.getByText(DEMO_MEMBER).first().waitFor()
      assert.isTrue(await page.getByTestId('user-menu').isVisible())

      // The footer's languages: the Ukrainian home, still logged in.
      await Promise.all([
        page.waitForURL(`http://uk.localhost:${port}/`),
        page.locator('footer a[lang="uk"]').click(),
      ])
      await hydrated()
      assert.isTrue(await page.getByTestId('user-menu').isVisible())
      await page.goto(`http://uk.localhost:${port}/my/signatures`)
      assert.equal(new URL(page.url()).pathname, '/my/signatures')

      // A site the member never switched to has no session of theirs.
      await page.goto(`http://de.localhost:${port}/my/petitions`)
      assert.equal(new URL(page.url()).pathname, '/login')
      assert.deepEqual(problems, [])
    } finally {
      await browser.close()
    }
  }).timeout(120_000)
})
