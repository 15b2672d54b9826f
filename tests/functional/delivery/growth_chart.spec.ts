import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import i18nManager from '@adonisjs/i18n/services/main'
import Petition from '#models/petition'
import { petitionGrowth } from '#services/petitions/history'
import { growthPoints, petitionLife, type HistoryPoint } from '#shared/petitions/growth'
import { PetitionFactory } from '#database/factories/petition_factory'
import { bytesOf, readPdf } from '#tests/helpers/pdf'
import { countedNow, monthsOldPetition } from '#tests/helpers/growth'

const HOUR_MS = 3_600_000

/** The line the petition page's chart draws: its history.json, over the life its props give. */
async function pageLine(client: ApiClient, petition: Petition, now: number) {
  const page = await client.get(`/petition/${petition.slug}`).withInertia()
  const shown = (page.inertiaProps as { petition: PageGrowth }).petition
  const history = await client.get(`/petition/${petition.slug}/history.json`)
  const steps = (history.body() as { data: HistoryPoint[] }).data
  const life = petitionLife(
    Date.parse(shown.created),
    shown.closedAt ? Date.parse(shown.closedAt) : null,
    steps,
    now
  )
  return { shown, life, points: growthPoints(steps, life, now) }
}

type PageGrowth = { created: string; closedAt: string | null; totalSignatures: number }

test.group('Delivery package: how the petition grew', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a petition signed today: the package draws the line of its page, over its few hours, to its count', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await countedNow(petition, 3)
    const now = Date.now()

    const page = await pageLine(client, petition, now)
    const drawn = await petitionGrowth(await Petition.findOrFail(petition.id), now)
    assert.deepEqual(drawn.life, page.life)
    assert.deepEqual(drawn.points, page.points)
    // A line (not a lone point), over a short axis of this petition's own hours, ending at its count.
    assert.isAtLeast(drawn.points.length, 2)
    assert.equal(page.shown.totalSignatures, 3)
    assert.equal(drawn.points[drawn.points.length - 1].total, 3)
    assert.isAtMost(drawn.life.to - drawn.life.from, 2 * HOUR_MS)
    assert.isAtLeast(drawn.life.from, petition.createdAt.toMillis() - HOUR_MS)

    const response = await client
      .post(`/petition/${petition.guid}/delivery`)
      .form({ paperSize: 'a4', language: 'fr' })
      .withCsrfToken()
      .loginAs(petition.user)
      .redirects(0)
    response.assertStatus(200)
    const pdf = await readPdf(bytesOf(response))
    const fr = i18nManager.locale('fr')
    assert.include(pdf.words, fr.t('delivery.package.history_title'))
    assert.notInclude(pdf.words, fr.t('delivery.package.history_empty'))
    // Its time axis counts hours (in UTC, said so), not the same day twice.
    assert.match(pdf.words, /\d{1,2}:\d{2} UTC/)
  })

  test('a petition a few months old with paper signatures: the same line as its page, ending at its count', async ({
    client,
    assert,
  }) => {
    const { petition, created } = await monthsOldPetition()
    const now = Date.now()

    const page = await pageLine(client, petition, now)
    const drawn = await petitionGrowth(await Petition.findOrFail(petition.id), now)
    assert.deepEqual(drawn.points, page.points)
    assert.equal(page.shown.totalSignatures, 250)
    assert.equal(drawn.points[0].total, 0)
    assert.equal(drawn.points[drawn.points.length - 1].total, 250)
    assert.approximately(drawn.life.from, created, 1000)
    assert.approximately(drawn.life.to, now, 1)
  })
})
