import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type Petition from '#models/petition'
import PetitionReport, { type ReportReason } from '#models/petition_report'
import { ROLE_MODERATOR } from '#models/user'
import { makeMember } from '#tests/helpers/auth'
import { hide, makeModerator, moderate } from '#tests/helpers/moderation'
import { PetitionFactory } from '#database/factories/petition_factory'

function report(
  petition: Petition,
  reporterKey: string,
  reason: ReportReason,
  note: string | null
) {
  return PetitionReport.create({ petitionId: petition.id, reporterKey, reason, note, locale: 'en' })
}

test.group("Moderation: a petition's own page", (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('anyone but a moderator gets 404, and so does an unknown petition', async ({ client }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    const member = await makeMember()
    const moderator = await makeMember({ role: ROLE_MODERATOR })
    for (const path of [`/moderation/petitions/${petition.id}`, '/moderation/log']) {
      ;(await client.get(path)).assertStatus(404)
      for (const who of [member, owner]) (await client.get(path).loginAs(who)).assertStatus(404)
    }
    ;(await client.get('/moderation/petitions/2147483647').loginAs(moderator)).assertStatus(404)
    ;(await client.get('/moderation/petitions/0').loginAs(moderator)).assertStatus(404)
  })

  test('keeps its reports, open and resolved, and its whole trail after it left the queue', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Repaint the lighthouse' })
      .with('user')
      .create()
    await report(petition, 'guest:abc', 'spam', 'Sells watches')
    ;(await moderate(client, moderator, petition, 'dismiss', 'No watches in it')).assertStatus(302)
    ;(
      await moderate(
        client,
        moderator,
        petition,
        'close',
        'Misleading numbers',
        `/moderation/petitions/${petition.id}`
      )
    ).assertStatus(302)

    // Gone from the queue…
    const queue = await client.get('/moderation').loginAs(moderator).withInertia()
    assert.deepEqual(queue.inertiaProps.petitions.data, [])
    await report(petition, 'user:7', 'misleading', null)

    // …but not from its page.
    const page = await client
      .get(`/moderation/petitions/${petition.id}`)
      .loginAs(moderator)
      .withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('Moderation/Petition')
    const shown = page.inertiaProps.petition
    assert.include(shown, {
      id: petition.id,
      slug: petition.slug,
      title: 'Repaint the lighthouse',
      finished: true,
      moderatorClosedReason: 'Misleading numbers',
      hiddenAt: null,
    })
    assert.deepEqual(
      shown.reports.map((item: any) => [item.reason, item.note, item.resolvedAt === null]),
      [
        ['spam', 'Sells watches', false],
        ['misleading', null, true],
      ]
    )
    assert.notInclude(JSON.stringify(page.inertiaProps), 'guest:abc')
    assert.notInclude(JSON.stringify(page.inertiaProps), 'user:7')
    assert.deepEqual(
      shown.trail.map((entry: any) => [entry.action, entry.actorId, entry.actorName, entry.reason]),
      [
        ['reports_dismissed', moderator.id, 'Ines Roth', 'No watches in it'],
        ['petition_closed', moderator.id, 'Ines Roth', 'Misleading numbers'],
      ]
    )
  })

  test('an action taken on the page comes back to it; one from the queue goes back to the queue', async ({
    assert,
    client,
  }) => {
    const moderator = await makeMember({ role: ROLE_MODERATOR })
    const petition = await PetitionFactory.apply('published').with('user').create()
    const fromPage = await hide(
      client,
      moderator,
      petition,
      { reason: 'spam', note: 'Advertises watches' },
      `/moderation/petitions/${petition.id}`
    )
    assert.equal(fromPage.header('location'), `/moderation/petitions/${petition.id}`)
    const fromQueue = await moderate(client, moderator, petition, 'restore', 'Cleaned')
    assert.equal(fromQueue.header('location'), '/moderation')
  })
})
