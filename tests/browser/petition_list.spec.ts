import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Page } from 'playwright-core'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { focusedId } from '#tests/helpers/keyboard'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { PetitionFactory } from '#database/factories/petition_factory'

const es = i18nManager.locale('es')
const en = i18nManager.locale('en')

/** The selects that fold behind the "Filters" button on phones. */
const FILTER_SELECTS = [
  '#petition-status',
  '#petition-lang',
  '#petition-topic',
  '#petition-country-filter',
  '#petition-sort',
]

// Strings, run in the page: the tests compile without the DOM types.
const focusedTestId = (page: Page) =>
  page.evaluate<string | undefined>('document.activeElement?.dataset.testid')

/** Presses Tab until `isThere` says focus arrived (or gives up). */
async function tabUntil(page: Page, isThere: () => Promise<boolean>) {
  for (let presses = 0; presses < 60 && !(await isThere()); presses++) {
    await page.keyboard.press('Tab')
  }
  return isThere()
}

/** A listed petition about the environment in Germany, unless told otherwise. */
function placedPetition(title: string, columns: Record<string, unknown> = {}) {
  return PetitionFactory.merge({
    title,
    topics: ['environment'],
    country: 'DE',
    published: true,
    ...columns,
  })
    .with('user')
    .create()
}

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
      // Every language by default, the Spanish ones first.
      assert.equal(await count.textContent(), es.t('page.list.count', { count: 15 }))
      const cards = page.getByTestId('petition-card')
      await cards.first().filter({ hasText: 'Más bibliotecas los domingos' }).waitFor()

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
      await count.filter({ hasText: '14' }).waitFor()
      assert.equal(await search.inputValue(), 'bici')

      // Open ones only, then by signatures: the search stays.
      await page.locator('#petition-status').selectOption('open')
      await page.waitForURL(/status=open/)
      await count.filter({ hasText: '13' }).waitFor()
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
      // The Spanish ones, then the English one.
      assert.deepEqual(await cards.locator('h3').allTextContents(), [
        'Carril bici número 2',
        'Carril bici número 1',
        'Other bicicleta in English',
      ])

      // Spanish only: the English one leaves.
      await page.locator('#petition-lang').selectOption('es')
      await page.waitForURL(/lang=es/)
      await count.filter({ hasText: '12' }).waitFor()
      assert.notInclude(page.url(), 'page=')

      // Nothing matches: it says so, and one link clears it all.
      await search.fill('zzzz')
      await search.press('Enter')
      const noMatch = page.getByTestId('no-match')
      await noMatch.waitFor()
      assert.include(await noMatch.textContent(), es.t('page.list.no_match_search', { q: 'zzzz' }))
      await noMatch.getByRole('link').click()
      await page.waitForURL(/\/petitions$/)
      await count.filter({ hasText: '15' }).waitFor()
      assert.equal(await search.inputValue(), '')
    })
  })

  test('on a phone the filters fold behind one button, which the keyboard opens; the first petition shows at once', async ({
    assert,
  }) => {
    for (let index = 1; index <= 3; index++) {
      await placedPetition(`Clean rivers number ${index}`)
    }

    await inBrowser(
      'filters on a phone',
      async (page) => {
        await visit(page, siteUrl('/petitions'))
        // The first petition is on the first screen: a good part of its card (its banner at least).
        const box = (await page.getByTestId('petition-card').first().boundingBox())!
        assert.isAtMost(box.y + 200, page.viewportSize()!.height, 'first card in sight')
        for (const select of FILTER_SELECTS) {
          assert.isTrue(await page.locator(select).isHidden(), `${select} folded`)
        }

        // Tab reaches the button, Enter opens the filters; focus stays on the button.
        const toggle = page.getByTestId('filters-toggle')
        assert.equal(await toggle.textContent(), en.t('page.list.filters_toggle', { count: 0 }))
        assert.equal(await toggle.getAttribute('aria-expanded'), 'false')
        assert.equal(await toggle.getAttribute('aria-controls'), 'petition-filters')
        assert.isTrue(
          await tabUntil(page, async () => (await focusedTestId(page)) === 'filters-toggle'),
          'Tab reaches the Filters button'
        )
        await page.keyboard.press('Enter')
        assert.equal(await toggle.getAttribute('aria-expanded'), 'true')
        for (const select of FILTER_SELECTS) {
          assert.isTrue(await page.locator(select).isVisible(), `${select} shown`)
        }
        assert.equal(await focusedTestId(page), 'filters-toggle')
        const violations = await seriousViolations(page)
        assert.deepEqual(describeViolations('filters open on a phone', violations), [])

        // The next Tab is the first filter; a choice keeps them open and is counted.
        await page.keyboard.press('Tab')
        assert.equal(await focusedId(page), 'petition-status')
        await page.keyboard.press('ArrowDown')
        await page.waitForURL(/status=open/)
        await toggle.filter({ hasText: en.t('page.list.filters_toggle', { count: 1 }) }).waitFor()
        assert.isTrue(await page.locator('#petition-status').isVisible())
        assert.equal(await focusedId(page), 'petition-status')

        // Enter on the button folds them again.
        await toggle.focus()
        await page.keyboard.press('Enter')
        assert.equal(await toggle.getAttribute('aria-expanded'), 'false')
        assert.isTrue(await page.locator('#petition-status').isHidden())
      },
      { width: 390, height: 844 }
    )
  })

  test('a visitor of the Ukrainian site finds petitions by a word’s other form, a place in their language and a recipient', async ({
    assert,
  }) => {
    await placedPetition('Не прибирайте лавок з набережної', {
      lang: 'uk',
      country: 'UA',
      region: 'Київ',
      target: 'Київська міська рада',
    })
    await placedPetition('Más árboles en las calles', {
      lang: 'es',
      country: 'MX',
      region: 'Ciudad de México',
    })
    await placedPetition('Nachtzüge für alle', { lang: 'de', country: 'AT', region: 'Wien' })

    await inBrowser('searching in Ukrainian', async (page) => {
      await visit(page, siteUrl('/petitions', 'uk'))
      const uk = i18nManager.locale('uk')
      const search = page.getByRole('searchbox', { name: uk.t('page.list.search_label') })
      const count = page.getByTestId('result-count')
      const found = async (words: string, expected: string[]) => {
        await search.fill(words)
        await search.press('Enter')
        await page.waitForURL((url) => url.searchParams.get('q') === words)
        await count
          .filter({ hasText: uk.t('page.list.count', { count: expected.length }) })
          .waitFor()
        const titles = await page.getByTestId('petition-card').locator('h3').allTextContents()
        assert.sameMembers(titles, expected, words)
      }
      await found('лавки', ['Не прибирайте лавок з набережної'])
      await found('Мексика', ['Más árboles en las calles'])
      await found('Австрія', ['Nachtzüge für alle'])
      await found('Wien', ['Nachtzüge für alle'])
      await found('міська рада', ['Не прибирайте лавок з набережної'])
    })
  })

  test('a topic and a country chosen with the keyboard list only their petitions, under the topic’s heading', async ({
    assert,
  }) => {
    await placedPetition('Clean rivers in Bavaria')
    await placedPetition('Wind farms on the North Sea')
    await placedPetition('Clean air in Lyon', { country: 'FR' })
    await placedPetition('Hospitals in Berlin', { topics: ['health'] })
    await placedPetition('Anywhere at all', { topics: ['other'], country: null })

    await inBrowser('topic and country', async (page) => {
      await visit(page, siteUrl('/petitions'))
      const count = page.getByTestId('result-count')
      assert.equal(await count.textContent(), en.t('page.list.count', { count: 5 }))
      // Always open on a wide screen: no button to press.
      assert.isTrue(await page.getByTestId('filters-toggle').isHidden())

      // Type-ahead on the focused select, as a keyboard user picks an option.
      const topic = en.t('page.topics.environment')
      await page.locator('#petition-topic').focus()
      await page.keyboard.type(topic.slice(0, 3))
      await page.waitForURL(/topic=environment/)
      await count.filter({ hasText: '3' }).waitFor()
      const heading = page.getByRole('heading', { level: 1 })
      assert.equal(await heading.textContent(), en.t('page.list.topic_title', { topic }))
      assert.equal(await page.locator('#petition-topic').inputValue(), 'environment')

      await page.locator('#petition-country-filter').focus()
      await page.keyboard.type('Germ')
      await page.waitForURL(/country=DE/)
      await count.filter({ hasText: '2' }).waitFor()
      assert.equal(await focusedId(page), 'petition-country-filter')
      const titles = await page.getByTestId('petition-card').locator('h3').allTextContents()
      assert.sameMembers(titles, ['Clean rivers in Bavaria', 'Wind farms on the North Sea'])
      const both = en.t('page.list.topic_country_title', { topic, country: 'Germany' })
      assert.equal(await heading.textContent(), both)
      assert.include(await page.title(), both)
      const params = Object.fromEntries(new URL(page.url()).searchParams)
      assert.deepEqual(params, { topic: 'environment', country: 'DE' })
      const violations = await seriousViolations(page)
      assert.deepEqual(describeViolations('a topic and a country chosen', violations), [])

      // The clear link brings every petition back.
      await page.getByRole('link', { name: en.t('page.list.clear') }).click()
      await page.waitForURL(/\/petitions$/)
      await count.filter({ hasText: '5' }).waitFor()
      assert.equal(await heading.textContent(), en.t('page.list.title'))
      assert.equal(await page.locator('#petition-topic').inputValue(), '')
    })
  })

  test('a petition without a banner gets a plain placeholder in the site colours, its note in French on My petitions', async ({
    assert,
  }) => {
    const fr = i18nManager.locale('fr')
    const owner = await makeMember({ locale: 'fr' })
    await PetitionFactory.apply('published')
      .merge({ title: 'Un banc sous le tilleul', userId: owner.id, lang: 'fr' })
      .create()
    await inBrowser('cards without a banner', async (page) => {
      for (const [path, note] of [
        ['/petitions', null],
        ['/my/petitions', fr.t('page.my.no_banner')],
      ] as const) {
        if (path === '/my/petitions') await logIn(page, owner.email, PASSWORD, 'fr')
        await visit(page, siteUrl(path, 'fr'))
        const placeholder = page.getByTestId('banner-placeholder').first()
        assert.equal(await placeholder.getAttribute('aria-label'), 'Un banc sous le tilleul')
        // No stand-in picture: neither the site's icon cropped nor its English share card.
        const main = page.locator('main')
        assert.equal(
          await main.locator('img[src="/favicon.svg"], img[src="/share.png"]').count(),
          0
        )
        assert.equal(((await placeholder.textContent()) ?? '').trim(), note ?? '')
        const violations = await seriousViolations(page)
        assert.deepEqual(violations, [], describeViolations(path, violations).join('\n'))
      }
    })
  })

  test('open data can be found from the pages, and a feed opened in the browser explains itself, in French', async ({
    assert,
  }) => {
    const fr = i18nManager.locale('fr')
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Un banc sous le tilleul', topics: ['environment'], lang: 'fr' })
      .with('user')
      .create()
    await inBrowser('open data links', async (page) => {
      await visit(page, siteUrl(`/petition/${petition.slug}`, 'fr'))
      const data = page.getByTestId('open-data')
      const hrefs = await Promise.all(
        (await data.getByRole('link').all()).map((link) => link.getAttribute('href'))
      )
      assert.deepEqual(hrefs, [
        `/petition/${petition.slug}.json`,
        `/petition/${petition.slug}/countries.json`,
        `/petition/${petition.slug}/history.json`,
        `/petition/${petition.slug}/history.csv`,
      ])
      const alternates = page.locator('head link[rel="alternate"][type="text/csv"]')
      assert.equal(await alternates.getAttribute('href'), `/petition/${petition.slug}/history.csv`)
      // Each link answers what it says.
      const title = await page.evaluate<string>(
        `fetch(${JSON.stringify(hrefs[0])}).then((answer) => answer.json()).then((body) => body.title)`
      )
      assert.equal(title, 'Un banc sous le tilleul')

      // The list links its data with its filters, and its topic's feed.
      await visit(page, siteUrl('/petitions?topic=environment', 'fr'))
      const listData = page.getByTestId('list-data-links')
      assert.equal(
        await listData
          .getByRole('link', { name: fr.t('page.open_data.list_as', { format: 'CSV' }) })
          .getAttribute('href'),
        '/petitions.csv?topic=environment'
      )
      await Promise.all([
        page.waitForURL(/environment\.atom$/),
        page.getByTestId('feed-link').click(),
      ])
      const explained = page.getByTestId('feed-explained')
      assert.include(await explained.textContent(), 'Ceci est un flux')
      assert.match(
        await explained.getByLabel(fr.t('page.feed.address')).inputValue(),
        /environment\.atom$/
      )
      assert.include(
        await page.getByTestId('feed-entry').first().textContent(),
        'Un banc sous le tilleul'
      )
      const violations = await seriousViolations(page)
      assert.deepEqual(violations, [], describeViolations('feed page', violations).join('\n'))
    })
  })
})
