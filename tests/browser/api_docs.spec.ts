import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import { browserJourneys, inBrowser, siteUrl, testDomain, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'

const de = i18nManager.locale('de')

test.group('Browser: the API documentation', (group) => {
  browserJourneys(group)

  test('the German docs page renders the contract from the site alone, and axe passes', async ({
    assert,
  }) => {
    await inBrowser('api docs', async (page) => {
      const asked: string[] = []
      page.on('request', (request) => asked.push(request.url()))
      await visit(page, siteUrl('/', 'de'))
      // Reached from the footer, as a visitor finds it.
      await page.getByRole('link', { name: de.t('api_docs.footer_link') }).click()
      await page.waitForURL(siteUrl('/api/docs', 'de'))
      assert.equal(
        (await page.getByRole('heading', { level: 1 }).textContent())?.trim(),
        de.t('api_docs.title')
      )
      assert.equal(await page.getByTestId('openapi-link').getAttribute('href'), '/api/openapi.json')

      // Swagger UI, loaded once the page is there, shows the log's operations.
      const reference = page.getByTestId('api-reference')
      const latestHead = reference.locator('.opblock', { hasText: '/log/sth' }).first()
      await latestHead.waitFor({ timeout: 15000 })
      assert.include(await reference.textContent(), 'The latest signed tree head')
      assert.isTrue(asked.some((url) => url.endsWith('/api/openapi.json')))
      // An operation opened shows its answers and their example.
      await latestHead.locator('.opblock-summary-control').click()
      await latestHead.locator('.responses-wrapper').waitFor()
      assert.include(await latestHead.textContent(), 'rootHash')

      // Nothing was asked of another host: no CDN, no fonts, no badge, no analytics.
      const elsewhere = asked.filter((url) => {
        const { hostname, protocol } = new URL(url)
        if (protocol === 'data:' || protocol === 'blob:') return false
        return hostname !== testDomain() && !hostname.endsWith(`.${testDomain()}`)
      })
      assert.deepEqual(elsewhere, [])

      const violations = await seriousViolations(page)
      assert.deepEqual(describeViolations('/api/docs', violations), [])
    })
  })
})
