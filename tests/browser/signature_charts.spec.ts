import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Page } from 'playwright-core'
import { browserJourneys, inBrowser, logIn, siteUrl, visit } from '#tests/helpers/browser'
import { describeViolations, seriousViolations } from '#tests/helpers/axe'
import { PASSWORD } from '#tests/helpers/auth'
import { insertSignatureRows } from '#database/seeders/signature_rows'
import { hourOf } from '#shared/hours'
import { recountSignatures } from '#services/signatures/recount'
import { PetitionFactory } from '#database/factories/petition_factory'
import type Petition from '#models/petition'

const it = i18nManager.locale('it')
const uk = i18nManager.locale('uk')

/** Hourly counts as the counter's flush leaves them: [hour, count] pairs. */
async function counted(petition: Petition, rows: Array<[number, number]>) {
  await db
    .table('petition_hourly_signatures')
    .multiInsert(rows.map(([hour, count]) => ({ petition_id: petition.id, hour, count })))
}

/** A petition long enough that its last sections start below the fold. */
async function longPetition(title: string) {
  const petition = await PetitionFactory.apply('published')
    .merge({
      title,
      description: '<p>Il parco è il cuore verde del quartiere e va protetto.</p>'.repeat(40),
    })
    .with('user')
    .create()
  await insertSignatureRows(petition.id, 12)
  await recountSignatures(petition.id)
  const now = hourOf()
  await counted(petition, [
    [now - 30, 5],
    [now - 29, 4],
    [now - 2, 3],
  ])
  return petition
}

/**
 * The chart's code or its points: what must not load before the chart is
 * near the viewport. (Its style sheet is left out: the dev server links the
 * CSS of every module it has already served with the page, the build only
 * with the chart's chunk.)
 */
const chartRequest = (url: string) =>
  /\/history\.json|\/hours\.json|\/signatures_chart\.|uplot/i.test(url) && !url.endsWith('.css')

/** How many of the canvas's pixels uPlot painted. */
function paintedPixels(page: Page, section: string) {
  return page.evaluate<number>(`(() => {
    const canvas = document.querySelector('[data-testid="${section}"] canvas')
    if (!canvas || !canvas.width) return 0
    const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data
    let painted = 0
    for (let alpha = 3; alpha < pixels.length; alpha += 4) if (pixels[alpha]) painted++
    return painted
  })()`)
}

const spaces = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim()

test.group('Browser: charts of signatures over time', (group) => {
  browserJourneys(group)

  test('in Italian, the petition page draws how it grew once scrolled to, with its figures as a table', async ({
    assert,
  }) => {
    const petition = await longPetition('Salviamo il parco')
    const unsigned = await PetitionFactory.apply('published').create()

    await inBrowser('history chart in Italian', async (page) => {
      const requested: string[] = []
      page.on('request', (request) => requested.push(request.url()))
      await visit(page, siteUrl(`/petition/${petition.slug}`, 'it'))
      const section = page.getByTestId('history-chart-section')
      assert.equal(
        spaces(await section.getByRole('heading').textContent()),
        it.t('page.growth.title')
      )
      // Neither the chart's code nor its points before it is near the viewport.
      await page.waitForTimeout(300)
      assert.deepEqual(requested.filter(chartRequest), [])

      await section.scrollIntoViewIfNeeded()
      const chart = section.getByTestId('signatures-chart')
      await chart.locator('canvas').first().waitFor()
      assert.isAbove(await paintedPixels(page, 'history-chart-section'), 500)
      assert.isNotEmpty(requested.filter((url) => url.includes('/history.json')))

      // The text alternative: a caption in Italian, then the table of the steps.
      const summary = spaces(await chart.getByTestId('signatures-chart-summary').textContent())
      assert.match(summary, /^Dal .+ al .+, il totale è passato da 5 a 12 firme\.$/)
      await chart.getByTestId('signatures-chart-figures').click()
      const table = chart.getByTestId('signatures-chart-table')
      await table.waitFor()
      assert.deepEqual((await table.locator('thead th').allTextContents()).map(spaces), [
        it.t('page.growth.when'),
        it.t('page.growth.added'),
        it.t('page.growth.total'),
      ])
      const rows = []
      for (const row of await table.locator('tbody tr').all()) {
        rows.push(await row.locator('td').allTextContents())
      }
      assert.deepEqual(rows, [
        ['5', '5'],
        ['4', '9'],
        ['3', '12'],
      ])
      const violations = await seriousViolations(page)
      assert.deepEqual(describeViolations('petition page with its chart', violations), [])

      // A petition nobody has signed yet has no chart.
      await visit(page, siteUrl(`/petition/${unsigned.slug}`, 'it'))
      await page.getByTestId('last-signatures-section').scrollIntoViewIfNeeded()
      assert.equal(await page.getByTestId('history-chart-section').count(), 0)
    })
  })

  test('in Ukrainian, the owner sees the last 48 hours hour by hour', async ({ assert }) => {
    const petition = await longPetition('Збережімо парк')
    const owner = petition.user
    owner.password = PASSWORD
    await owner.save()

    await inBrowser('last 48 hours in Ukrainian', async (page) => {
      await logIn(page, owner.email, PASSWORD, 'uk')
      await visit(page, siteUrl(`/petition/${petition.guid}/signatures`, 'uk'))
      const section = page.getByTestId('recent-hours-section')
      await section.scrollIntoViewIfNeeded()
      const chart = section.getByTestId('signatures-chart')
      await chart.locator('canvas').first().waitFor()
      assert.isAbove(await paintedPixels(page, 'recent-hours-section'), 100)
      assert.equal(
        spaces(await chart.getByTestId('signatures-chart-summary').textContent()),
        spaces(uk.t('page.growth.hours_summary', { total: 12, max: 5 }))
      )
      await chart.getByTestId('signatures-chart-figures').click()
      const table = chart.getByTestId('signatures-chart-table')
      await table.waitFor()
      const counts = await table.locator('tbody tr td').allTextContents()
      // Every one of the 48 hours, those without a signature as 0.
      assert.lengthOf(counts, 48)
      assert.deepEqual(
        counts.filter((count) => count !== '0'),
        ['5', '4', '3']
      )
      assert.equal(counts[47], '0')
      const violations = await seriousViolations(page)
      assert.deepEqual(describeViolations("owner's signatures with the chart", violations), [])
    })
  })
})
