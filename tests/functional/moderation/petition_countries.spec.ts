import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import type Petition from '#models/petition'
import { makeModerator } from '#tests/helpers/moderation'
import { PetitionFactory } from '#database/factories/petition_factory'
import { siteCountsByCountry } from '#runtime/caches/process_caches'

/** The counts the counter keeps for a petition, as its flushes leave them. */
async function keptCounts(petition: Petition, counts: Record<string, [number, number]>) {
  await db.table('petition_country_signatures').multiInsert(
    Object.entries(counts).map(([country, [support, oppose]]) => ({
      petition_id: petition.id,
      country,
      support,
      oppose,
    }))
  )
}

test.group("Moderation: a petition's countries", (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())
  group.each.setup(() => siteCountsByCountry.clear())

  test('lists its countries with their shares and flags one far above the rest of the site', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const [flooded, other, large] = await PetitionFactory.apply('published', 'withOpposition')
      .with('user')
      .createMany(3)
    // Elsewhere on the site: VA 0.1 %, IT 99.9 % of signatures with a known country.
    await keptCounts(other, { IT: [990, 0], VA: [10, 0], ZZ: [5000, 0] })
    await keptCounts(large, { IT: [8000, 1000] })
    // Here: VA 80 % of the known ones.
    await keptCounts(flooded, { VA: [390, 10], IT: [100, 0], ZZ: [100, 0] })

    const page = await client
      .get(`/moderation/petitions/${flooded.id}`)
      .loginAs(moderator)
      .withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('Moderation/Petition')
    assert.deepEqual(page.inertiaProps.countries, [
      { code: 'VA', count: 400, share: 400 / 600, siteShare: 10 / 10_000, outlier: true },
      { code: 'IT', count: 100, share: 100 / 600, siteShare: 9990 / 10_000, outlier: false },
      { code: 'ZZ', count: 100, share: 100 / 600, siteShare: null, outlier: false },
    ])

    // The other petitions look like the rest of the site: nothing stands out.
    const calm = await client
      .get(`/moderation/petitions/${other.id}`)
      .loginAs(moderator)
      .withInertia()
    assert.isFalse(calm.inertiaProps.countries.some((country: any) => country.outlier))
  })

  test('the page says it in the moderator’s language; no country before any signature', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const [flooded, other] = await PetitionFactory.apply('published').with('user').createMany(2)
    await keptCounts(other, { IT: [990, 0], VA: [10, 0] })
    await keptCounts(flooded, { VA: [400, 0], IT: [100, 0] })
    const empty = await PetitionFactory.apply('published').with('user').create()

    const html = (
      await client
        .get(`/moderation/petitions/${flooded.id}`)
        .header('host', 'de.undersign.test')
        .loginAs(moderator)
    ).text()
    // Server-rendered: the German names, the German flag and the rule.
    assert.include(html, 'Vatikanstadt')
    assert.include(html, 'Weit über dem Rest der Website')
    assert.include(html, '1 Land fällt auf')
    assert.include(html, 'mindestens 50')

    const none = await client
      .get(`/moderation/petitions/${empty.id}`)
      .loginAs(moderator)
      .withInertia()
    assert.deepEqual(none.inertiaProps.countries, [])
    const noneHtml = (
      await client.get(`/moderation/petitions/${empty.id}`).loginAs(moderator)
    ).text()
    assert.include(noneHtml, 'No signature has been counted yet.')
  })
})
