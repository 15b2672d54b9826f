import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import i18nManager from '@adonisjs/i18n/services/main'
import { browserJourneys, inBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { PetitionFactory } from '#database/factories/petition_factory'

const es = i18nManager.locale('es')

test.group('Browser: finding petitions', (group) => {
  browserJourneys(group)

  test('a visitor of the Spanish site searches with the keyboard, filters, sorts and pages on', async ({
    assert,
  }) => {
    const now = DateTime.utc()
    for (let index = 1; index <= 12; index++) {
      await PetitionFactory.apply('published')
        .merge({
          title: `Carril bici número ${index}`,
          description: '<p>Calles seguras para la <strong>bicicleta</strong>.</p>',
          lang: 'es',
          supportCount: index * 10,
          createdAt: now.minus({ hours: index }),
        })
        .with('user')
        .create()
    }
    await PetitionFactory.apply('finished')
      .merge({ title: 'Bicicletas terminadas', lang: 'es' })
      .with('user')
      .create()
    await PetitionFactory.apply('published')
      .merge({ title: 'Other bicicleta in English' })
      .with('user')
      .create()
    await PetitionFactory.apply('published')
      .merge({ title: 'Más bibliotecas los domingos', lang: 'es' })
      .with('user')
      .create()

    await inBrowser('finding petitions', async (page) => {
      await visit(page, siteUrl('/petitions', 'es'))
      const count = page.getByTestId('result-count')
      assert.equal(await count.textContent(), es.t('page.list.count', { count: 14 }))

      // The search box is reached and used with the keyboard alone.
      const search = page.getByRole('searchbox', { name: es.t('page.list.search_label') })
      // A string, run in the page: the tests compile without the DOM types.
      const focused = () => page.evaluate<string | undefined>('document.activeElement?.id')
      for (let presses = 0; presses < 60; presses++) {
        if ((await focused()) === 'petition-search') break
        await page.keyboard.press('Tab')
      }
      assert.equal(await focused(), 'petition-search', 'Tab reaches the search box')
      await page.keyboard.type('bici')
      await page.keyboard.press('Enter')
      await page.waitForURL(/\?q=bici$/)
      await count.filter({ hasText: '13' }).waitFor()
      assert.equal(await search.inputValue(), 'bici')

      // Open ones only, then by signatures: the search stays.
      await page.locator('#petition-status').selectOption('open')
      await page.waitForURL(/status=open/)
      await count.filter({ hasText: '12' }).waitFor()
      await page.locator('#petition-sort').selectOption('signatures')
      await page.waitForURL(/sort=signatures/)
      const firstCard = page.getByTestId('petition-card').first()
      await firstCard.filter({ hasText: 'Carril bici número 12' }).waitFor()
      assert.include(page.url(), 'q=bici')
      assert.equal(await search.inputValue(), 'bici')

      // The second page keeps all of it.
      await page
        .getByRole('navigation', { name: es.t('common.pagination.label') })
        .getByRole('link', { name: '2', exact: true })
        .click()
      await page.waitForURL(/page=2/)
      const params = new URL(page.url()).searchParams
      assert.deepEqual(
        { q: params.get('q'), status: params.get('status'), sort: params.get('sort') },
        { q: 'bici', status: 'open', sort: 'signatures' }
      )
      await firstCard.filter({ hasText: 'Carril bici número 2' }).waitFor()
      assert.equal(await page.getByTestId('petition-card').count(), 2)

      // Every language: the English one joins.
      await page.locator('#petition-lang').selectOption('all')
      await page.waitForURL(/lang=all/)
      await count.filter({ hasText: '13' }).waitFor()
      assert.notInclude(page.url(), 'page=')

      // Nothing matches: it says so, and one link clears it all.
      await search.fill('zzzz')
      await search.press('Enter')
      const noMatch = page.getByTestId('no-match')
      await noMatch.waitFor()
      assert.include(await noMatch.textContent(), es.t('page.list.no_match_search', { q: 'zzzz' }))
      await noMatch.getByRole('link').click()
      await page.waitForURL(/\/petitions$/)
      await count.filter({ hasText: '14' }).waitFor()
      assert.equal(await search.inputValue(), '')
    })
  })
})
