import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'
import db from '@adonisjs/lucid/services/db'
import { browserJourneys, inBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { signatureCounter } from '#runtime/signatures/counter'
import { countSignature } from '#runtime/signatures/count_deltas'
import { PetitionFactory } from '#database/factories/petition_factory'
import { signaturesTotal, trendingRanking } from '#runtime/caches/process_caches'

const es = i18nManager.locale('es')

test.group('Browser: home page', (group) => {
  browserJourneys(group)
  group.each.setup(() => {
    trendingRanking.clear()
    signaturesTotal.clear()
  })

  for (const width of [375, 1280]) {
    test(`a Spanish guest searches from the hero, sees what is being signed now, and starts a petition through sign-up at ${width} px`, async ({
      assert,
    }) => {
      const park = await PetitionFactory.apply('published')
        .merge({ title: 'Un parque para el barrio', lang: 'es', targetSignatures: 100 })
        .with('user')
        .create()
      await PetitionFactory.apply('published')
        .merge({ title: 'Más autobuses nocturnos', lang: 'es' })
        .with('user')
        .create()
      for (let index = 0; index < 3; index++) {
        await db.transaction((trx) =>
          countSignature(trx, { petitionId: park.id, score: 1, country: null }, 1)
        )
      }
      await signatureCounter.flush()

      await inBrowser(
        'home hero',
        async (page) => {
          await visit(page, siteUrl('/', 'es'))
          // What is being signed now, with its counts, and the site's total.
          const trending = page.getByTestId('trending-petitions')
          await trending.getByText('Un parque para el barrio').waitFor()
          assert.equal(
            await trending.getByTestId('trending-count').first().textContent(),
            es.t('page.home.signatures_count', { count: 3 })
          )
          assert.equal(await page.getByTestId('signatures-total').textContent(), '3')
          // Both ways in, side by side on one line.
          const start = page.getByTestId('start-petition')
          const browse = page.getByTestId('browse-petitions')
          assert.equal(await start.textContent(), es.t('page.home.start_petition'))
          assert.equal(await browse.textContent(), es.t('page.home.browse_petitions'))
          const [startBox, browseBox] = [await start.boundingBox(), await browse.boundingBox()]
          assert.approximately(startBox!.y, browseBox!.y, 2)
          assert.isAtMost(browseBox!.x + browseBox!.width, width)
          assert.deepEqual(describeViolations('home', await seriousViolations(page)), [])

          // The search box searches the petition list.
          const search = page.getByRole('searchbox', { name: es.t('page.home.search_label') })
          await search.fill('parque')
          await Promise.all([
            page.waitForURL((url) => url.pathname === '/petitions' && url.search === '?q=parque'),
            search.press('Enter'),
          ])
          await page.getByRole('link', { name: 'Un parque para el barrio' }).first().waitFor()
          assert.equal(await page.getByRole('link', { name: 'Más autobuses nocturnos' }).count(), 0)

          // "Start a petition" leads a guest to sign up, told in one line that it takes a minute.
          await visit(page, siteUrl('/', 'es'))
          await Promise.all([
            page.waitForURL((url) => url.pathname === '/signup'),
            page.getByTestId('start-petition').click(),
          ])
          const line = page.getByTestId('signup-to-create')
          await line.waitFor()
          assert.equal(await line.textContent(), es.t('page.auth.signup_to_create'))
          await page.getByRole('link', { name: es.t('page.auth.login_link') }).waitFor()
          assert.equal(await page.getByText(es.t('page.auth.login_intro')).count(), 0)
          assert.deepEqual(describeViolations('signup', await seriousViolations(page)), [])
        },
        { width, height: 900 }
      )
    })
  }
})
