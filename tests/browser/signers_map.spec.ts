import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import { browserJourneys, inBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { confirmationPath, sign, signatureRows } from '#tests/helpers/signatures'
import { recountSignatures } from '#services/signatures/recount'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const es = i18nManager.locale('es')
const spaces = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim()

test.group('Browser: where signers live', (group) => {
  browserJourneys(group)

  test('the map loads as it scrolls into view, lists the top countries in Spanish, opens its table by keyboard and follows a new signature', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published', 'withEverySection')
      .merge({ allowComments: true, targetSignatures: 100 })
      .with('user')
      .create()
    // 11 countries and 2 unknown (19 signatures): the list shows ten, the table all 12.
    const countries = ['FR', 'FR', 'FR', 'FR', 'ES', 'ES', 'ES', 'DE', 'DE', 'IT', 'PT', 'BR']
    const more = ['MX', 'AR', 'CL', 'UA', 'PL', null, null]
    for (const country of [...countries, ...more]) {
      await SignatureFactory.merge({ petitionId: petition.id, country }).create()
    }
    await recountSignatures(petition.id)

    await inBrowser(
      'signers map',
      async (page) => {
        const asked: string[] = []
        page.on('request', (request) => asked.push(request.url()))
        await visit(page, siteUrl(`/petition/${petition.slug}`, 'es'))
        await page.locator('[data-live="connected"]').waitFor({ timeout: 5000 })
        const section = page.getByTestId('signers-map-section')
        assert.equal(
          spaces(await section.getByRole('heading').textContent()),
          es.t('page.country_map.title')
        )
        // Below the fold: neither its counts nor its code nor the atlas are loaded yet.
        const box = (await section.boundingBox())!
        assert.isAbove(box.y, 800 + 200)
        assert.isFalse(asked.some((url) => url.includes('countries.json')))
        assert.isFalse(
          asked.some((url) => /world_map|country_breakdown|world-atlas|d3-geo/.test(url))
        )

        await section.scrollIntoViewIfNeeded()
        const top = section.getByTestId('top-country')
        await top.first().waitFor()
        assert.isTrue(
          asked.some((url) => url.includes(`/petition/${petition.slug}/countries.json`))
        )
        assert.equal(await top.count(), 10)
        assert.include(spaces(await top.nth(0).textContent()), 'Francia')
        assert.include(spaces(await top.nth(0).textContent()), '4')
        // 4 of 19, formatted in Spanish: 21,1 %.
        assert.include(spaces(await top.nth(0).textContent()), '21,1 %')
        assert.include(spaces(await top.nth(1).textContent()), 'España')
        // The map: one image with a label, France shaded.
        const map = section.getByTestId('world-map')
        assert.equal(await map.getAttribute('role'), 'img')
        assert.include(await map.getAttribute('aria-label'), '11 países')
        assert.isString(await map.locator('path[data-country="FR"]').getAttribute('fill'))
        assert.isTrue(await section.getByTestId('map-legend').isVisible())

        // The table opens from the keyboard and lists every country.
        const toggle = section.getByTestId('country-table-toggle')
        assert.equal(await toggle.getAttribute('aria-expanded'), 'false')
        await toggle.focus()
        await page.keyboard.press('Enter')
        assert.equal(await toggle.getAttribute('aria-expanded'), 'true')
        const rows = section.getByTestId('country-row')
        await rows.first().waitFor()
        assert.equal(await rows.count(), 12)
        assert.equal(await rows.filter({ hasText: 'Región desconocida' }).count(), 1)

        const violations = await seriousViolations(page, '[data-testid="signers-map-section"]')
        assert.deepEqual(describeViolations('map, table open', violations), [])

        // A new signature from Ukraine, confirmed elsewhere, reaches the map.
        const signed = await sign(client, petition, {
          email: 'nova@example.org',
          country: 'UA',
        })
        signed.assertStatus(302)
        const row = (await signatureRows(petition)).find(
          (signature) => signature.email === 'nova@example.org'
        )!
        const confirmed = await client.post(confirmationPath(row)).withCsrfToken().redirects(0)
        assert.isBelow(confirmed.status(), 400)
        const ukraine = section.getByTestId('country-row').filter({ hasText: 'Ucrania' })
        assert.equal(await ukraine.locator('td').first().textContent(), '1')
        await page.waitForFunction(
          `[...document.querySelectorAll('[data-testid="country-row"]')].some((row) => row.textContent.includes('Ucrania') && row.querySelector('td').textContent === '2')`,
          undefined,
          { timeout: 8000 }
        )
        // The list moved too: Ukraine is among the top countries now, after France, Spain and Germany.
        assert.include(spaces(await top.nth(3).textContent()), 'Ucrania')
      },
      { width: 1280, height: 800 }
    )
  })

  test('a petition nobody signed shows no map', async ({ assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await inBrowser('no signers map', async (page) => {
      await visit(page, siteUrl(`/petition/${petition.slug}`, 'es'))
      await page.getByTestId('no-signatures').waitFor()
      assert.equal(await page.getByTestId('signers-map-section').count(), 0)
    })
  })
})
