import db from '@adonisjs/lucid/services/db'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import User, { ROLE_MODERATOR } from '#models/user'
import Petition from '#models/petition'
import { seedDemoData } from '#database/seeders/demo_data'
import { recountSignatures } from '#services/signatures/recount'
import { signaturesTotal, trendingRanking } from '#runtime/caches/process_caches'

test.group('Demo data', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // The home page's figures are kept a few seconds per process: none outlives the rolled-back demo.
  group.each.teardown(() => {
    trendingRanking.clear()
    signaturesTotal.clear()
  })

  test('an empty database gets members, a moderator and a dozen petitions in several languages, once', async ({
    assert,
    client,
  }) => {
    assert.isTrue(await seedDemoData())
    const users = await User.all()
    assert.lengthOf(users, 5)
    const moderators = users.filter((user) => user.role === ROLE_MODERATOR)
    assert.deepEqual(
      moderators.map((user) => user.email),
      ['moderator@undersign.org']
    )
    const petitions = await Petition.query().preload('media').preload('letters')
    assert.lengthOf(petitions, 12)
    // Each language's list has petitions written in it.
    assert.sameMembers(
      [...new Set(petitions.map((petition) => petition.lang))],
      ['en', 'es', 'fr', 'de', 'it', 'uk', 'pt', 'ru']
    )
    assert.include(
      petitions.map((petition) => petition.slug),
      'zberezhemo-park-shevchenka'
    )
    assert.isTrue(
      petitions.every((petition) => petition.media.some((media) => media.type === 'banner'))
    )
    assert.isTrue(petitions.some((petition) => petition.letters.length > 0))
    // Signed, some successful, some with opposition; the counters match the rows.
    const successful = petitions.filter((p) => p.supportCount >= p.targetSignatures)
    assert.isAtLeast(successful.length, 2)
    assert.isTrue(petitions.some((petition) => petition.opposeCount > 0))
    assert.isTrue(petitions.every((petition) => petition.supportCount > 0))
    const { changed } = await recountSignatures()
    assert.equal(changed, 0, 'the counters already match the signatures')
    // Some are gaining signatures now: the home page lists them from a fresh start.
    const home = await client.get('/').withInertia()
    const { trendingPetitions } = home.inertiaProps as { trendingPetitions: unknown[] }
    assert.lengthOf(trendingPetitions, 5)

    // The fraud console has an attack to show, and a petition says what moderators removed.
    const moderator = moderators[0]
    const queue = await client.get('/moderation').withInertia().loginAs(moderator)
    const [first] = queue.inertiaProps.petitions.data as Array<{
      queueReason: string
      signingAlert: { kind: string; signatures: number } | null
    }>
    assert.equal(first.queueReason, 'unusual_signing')
    assert.deepInclude(first.signingAlert, { kind: 'network', signatures: 60 })
    const cleaned = await Petition.query()
      .whereExists((query) =>
        query.from('signature_invalidations').whereColumn('petition_id', 'petitions.id')
      )
      .firstOrFail()
    const page = await client.get(`/petition/${cleaned.slug}`).withInertia()
    assert.deepEqual(
      (page.inertiaProps.moderatorRemovals as Array<{ signaturesRemoved: number }>).map(
        (removal) => removal.signaturesRemoved
      ),
      [30]
    )

    // The campaign offline: a petition counts verified paper signatures apart, another waits
    // for its batch's verification, and a successful one was handed over.
    const withPaper = await Petition.query().where('paper_count', '>', 0).firstOrFail()
    const shown = (await client.get(`/petition/${withPaper.slug}`).withInertia()).inertiaProps
      .petition as { paperCount: number; supportCount: number }
    assert.equal(shown.paperCount, 180)
    assert.isAbove(shown.supportCount, 180)
    assert.isTrue(
      (queue.inertiaProps.petitions.data as Array<{ queueReason: string }>).some(
        (row) => row.queueReason === 'paper_to_verify'
      )
    )
    const handedOver = await Petition.query()
      .whereExists((query) =>
        query.from('petition_handovers').whereColumn('petition_id', 'petitions.id')
      )
      .firstOrFail()
    assert.isAtLeast(handedOver.supportCount, handedOver.targetSignatures)

    // Decision makers: the mayor's address is approved and she was mailed at the milestone;
    // a councillor's waits for a moderator.
    assert.equal(queue.inertiaProps.decisionMakersToApprove, 1)
    const delivered = await db.from('recipient_deliveries').whereNotNull('sent_at')
    assert.lengthOf(delivered, 1)

    assert.isFalse(await seedDemoData(), 'a database with users is left alone')
    assert.lengthOf(await Petition.all(), 12)
  })
})
