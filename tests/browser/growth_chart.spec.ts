import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { browserJourneys, inBrowser, siteUrl, visit } from '#tests/helpers/browser'
import { PetitionFactory } from '#database/factories/petition_factory'
import { countedNow, monthsOldPetition } from '#tests/helpers/growth'

const HOUR_MS = 3_600_000
const WIDTHS = [375, 1280]

/** A date of the axis as drawn: its text, when it stands for, and its box. */
type Tick = { text: string; at: string; left: number; right: number; top: number; bottom: number }

// Strings, run in the page: the tests compile without the DOM types.
const ticksOf = (page: Page) =>
  page.evaluate<Tick[]>(`[...document.querySelectorAll(
    '[data-testid="history-chart-section"] [data-testid="signatures-chart-tick"]'
  )].map((tick) => {
    const box = tick.getBoundingClientRect()
    return { text: tick.textContent, at: tick.dataset.at, left: box.left, right: box.right, top: box.top, bottom: box.bottom }
  })`)

const chartBox = (page: Page) =>
  page.evaluate<{ left: number; right: number }>(`(() => {
    const box = document.querySelector('[data-testid="history-chart-section"] [data-testid="signatures-chart"]').getBoundingClientRect()
    return { left: box.left, right: box.right }
  })()`)

const overlap = (a: Tick, b: Tick) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

const spaces = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim()

/**
 * Opens the petition's page, scrolls to its chart and checks its dates:
 * at least two, none the same, none over another nor out of the chart, all
 * within `life`, no year but those of its life. Gives the caption and the
 * count its page shows.
 */
async function checkChart(
  page: Page,
  assert: any,
  url: string,
  life: { from: number; to: number }
) {
  await visit(page, url)
  const section = page.getByTestId('history-chart-section')
  await section.scrollIntoViewIfNeeded()
  await section.getByTestId('signatures-chart-tick').first().waitFor()
  const ticks = await ticksOf(page)
  assert.isAtLeast(ticks.length, 2)
  assert.lengthOf(new Set(ticks.map((tick) => tick.text)), ticks.length, 'no date twice')
  for (const [index, tick] of ticks.entries()) {
    for (const other of ticks.slice(index + 1)) {
      assert.isFalse(overlap(tick, other), `"${tick.text}" and "${other.text}" overlap`)
    }
  }
  const chart = await chartBox(page)
  const years = new Set([new Date(life.from).getFullYear(), new Date(life.to).getFullYear()])
  for (const tick of ticks) {
    assert.isAtLeast(tick.left, chart.left - 1, `"${tick.text}" leaves the chart`)
    assert.isAtMost(tick.right, chart.right + 1, `"${tick.text}" leaves the chart`)
    const at = Date.parse(tick.at)
    assert.isTrue(at >= life.from && at <= life.to, `"${tick.text}" (${tick.at}) is in its life`)
    for (const year of tick.text.match(/\d{4}/g) ?? []) assert.isTrue(years.has(Number(year)))
  }
  const caption = spaces(await section.getByTestId('signatures-chart-summary').textContent())
  const headline = spaces(await page.getByTestId('signature-count').textContent())
  return { ticks, caption, headline }
}

/** The first number of a text, its digits only (1 000 → 1000). */
const firstNumber = (text: string) => /\d[\d\s.,]*/.exec(text)?.[0].replace(/\D/g, '')

test.group('Browser: how a petition grew, over its own life', (group) => {
  browserJourneys(group)

  test('in French, a petition started today shows its hours, dates apart, and a caption with its count', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Sauvons le parc', lang: 'fr' })
      .create()
    await countedNow(petition, 3)
    const life = { from: petition.createdAt.toMillis() - HOUR_MS, to: Date.now() + 10 * 60_000 }

    for (const width of WIDTHS) {
      await inBrowser(
        `today's chart in French at ${width}px`,
        async (page) => {
          const { ticks, caption, headline } = await checkChart(
            page,
            assert,
            siteUrl(`/petition/${petition.slug}`, 'fr'),
            life
          )
          // Hours of today, not months of other years.
          for (const tick of ticks) assert.match(tick.text, /\d{1,2}:\d{2}/)
          assert.equal(firstNumber(headline), '3')
          assert.match(caption, /(^|\D)3 signatures\b/)
        },
        { width, height: 900 }
      )
    }
  })

  test('in Ukrainian, a petition a few months old spans its months and its caption ends at its count, paper included', async ({
    assert,
  }) => {
    const { petition, created } = await monthsOldPetition({
      title: 'Збережімо парк',
      supportCount: 265,
      paperPlace: 'Ринок',
    })
    const life = { from: created - 1000, to: Date.now() + 10 * 60_000 }

    for (const width of WIDTHS) {
      await inBrowser(
        `months-old chart in Ukrainian at ${width}px`,
        async (page) => {
          const { ticks, caption, headline } = await checkChart(
            page,
            assert,
            siteUrl(`/petition/${petition.slug}`, 'uk'),
            life
          )
          // Months (with their year), not the hours of today.
          for (const tick of ticks) assert.notMatch(tick.text, /\d:\d{2}/)
          assert.equal(firstNumber(headline), '265')
          assert.match(caption, /(^|\D)265 підпис/)
          assert.notMatch(caption, /(^|\D)190 підпис/)
        },
        { width, height: 900 }
      )
    }
  })
})
