import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import Petition from '#models/petition'
import PetitionReport from '#models/petition_report'
import { ROLE_MODERATOR } from '#models/user'
import { trailOfPetition } from '#services/moderation/audit_trail'
import { makeMember } from '#tests/helpers/auth'
import { outbox } from '#tests/helpers/outbox'
import { assertFieldError } from '#tests/helpers/validation'
import { hide, makeModerator, moderate } from '#tests/helpers/moderation'
import { PetitionFactory } from '#database/factories/petition_factory'

type QueueProps = {
  petitions: {
    data: Array<{
      title: string
      queueReason: string | null
      openReports: number
      reports: Array<{ reason: string; note: string | null }>
    }>
  }
}

/** What the public sees of a petition, surface by surface. */
async function publicSurfaces(client: ApiClient, petition: Petition) {
  const [page, list, search, openList, openOne, sitemap, widget] = await Promise.all([
    client.get(`/petition/${petition.slug}`),
    client.get('/petitions').withInertia(),
    client.get('/petitions?q=lighthouse').withInertia(),
    client.get('/petitions.json'),
    client.get(`/petition/${petition.slug}.json`),
    client.get('/sitemap/1'),
    client.get(`/petition/${petition.slug}/embed`),
  ])
  const titles = (response: typeof list) =>
    (response.inertiaProps as { petitions: { data: Array<{ title: string }> } }).petitions.data.map(
      (card) => card.title
    )
  return {
    page: page.status(),
    inList: titles(list).includes(petition.title),
    inSearch: titles(search).includes(petition.title),
    inOpenData: openList.body().data.some((row: { slug: string }) => row.slug === petition.slug),
    openData: openOne.status(),
    inSitemap: sitemap.text().includes(`/petition/${petition.slug}<`),
    widget: widget.status(),
  }
}

test.group('Moderation: the queue and its actions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('anyone but a moderator gets 404 on every moderation route, and nothing changes', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    const member = await makeMember()
    for (const who of [null, member, owner]) {
      const queue = client.get('/moderation')
      ;(who ? await queue.loginAs(who) : await queue).assertStatus(404)
      for (const action of ['hide', 'restore', 'close', 'reopen', 'dismiss']) {
        const post = client
          .post(`/moderation/petitions/${petition.id}/${action}`)
          .form({ reason: 'Because' })
          .withCsrfToken()
          .redirects(0)
        ;(who ? await post.loginAs(who) : await post).assertStatus(404)
      }
    }
    const after = await Petition.findOrFail(petition.id)
    assert.isNull(after.hiddenAt)
    assert.isFalse(after.finished)
    assert.lengthOf(await trailOfPetition(petition.id), 0)
  })

  test('hiding takes a petition off every public surface; restoring brings it back', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Repaint the lighthouse' })
      .with('user')
      .create()
    const owner = petition.user
    await PetitionReport.create({
      petitionId: petition.id,
      reporterKey: 'guest:abc',
      reason: 'spam',
      locale: 'en',
    })
    const visible = {
      page: 200,
      inList: true,
      inSearch: true,
      inOpenData: true,
      openData: 200,
      inSitemap: true,
      widget: 200,
    }
    assert.deepEqual(await publicSurfaces(client, petition), visible)

    // The reason comes from the list: none, or one it does not have, hides nothing.
    assertFieldError(
      await hide(client, moderator, petition, { note: 'Advertises watches' }),
      'reason'
    )
    assertFieldError(
      await hide(client, moderator, petition, { reason: 'Advertises watches' }),
      'reason'
    )
    assert.isNull((await Petition.findOrFail(petition.id)).hiddenAt)
    ;(
      await hide(client, moderator, petition, { reason: 'spam', note: 'Advertises watches' })
    ).assertStatus(302)
    assert.deepEqual(await publicSurfaces(client, petition), {
      page: 410,
      inList: false,
      inSearch: false,
      inOpenData: false,
      openData: 404,
      inSitemap: false,
      widget: 404,
    })
    const removed = await client.get(`/petition/${petition.slug}`).withInertia()
    removed.assertInertiaComponent('Petition/Removed')
    assert.equal(removed.inertiaProps.reason, 'spam')
    // Its owner is told, with the reason of the list (not the moderator's note), and a link to it.
    const [mail] = await outbox.to(owner.email)
    assert.include(mail.html, 'Spam or advertising')
    assert.notInclude(mail.html, 'Advertises watches')
    assert.include(mail.html, `/petition/${petition.slug}`)
    // Its reports are closed; the moderator still sees it.
    assert.isNotNull((await PetitionReport.findByOrFail('petition_id', petition.id)).resolvedAt)
    ;(await client.get(`/petition/${petition.slug}`).loginAs(moderator)).assertStatus(200)

    ;(await moderate(client, moderator, petition, 'restore', 'Owner removed the ads')).assertStatus(
      302
    )
    assert.deepEqual(await publicSurfaces(client, petition), visible)
    assert.deepEqual(
      (await trailOfPetition(petition.id)).map((event) => [
        event.action,
        event.actorName,
        event.reasonCode,
        event.reason,
      ]),
      [
        ['petition_hidden', 'Ines Roth', 'spam', 'Advertises watches'],
        ['petition_restored', 'Ines Roth', null, 'Owner removed the ads'],
      ]
    )
  })

  test('the queue shows reported petitions first, then new ones, and leaves the reviewed ones', async ({
    assert,
    client,
  }) => {
    const moderator = await makeMember({ role: ROLE_MODERATOR })
    const older = await PetitionFactory.apply('published')
      .merge({ title: 'Older petition' })
      .with('user')
      .create()
    const newer = await PetitionFactory.apply('published')
      .merge({ title: 'Newer petition' })
      .with('user')
      .create()
    await PetitionReport.create({
      petitionId: newer.id,
      reporterKey: 'guest:abc',
      reason: 'misleading',
      note: 'Wrong numbers',
      locale: 'en',
    })
    const queue = async () => {
      const response = await client.get('/moderation').loginAs(moderator).withInertia()
      response.assertInertiaComponent('Moderation/Queue')
      return (response.inertiaProps as QueueProps).petitions.data
    }
    const first = await queue()
    // Reported first, however new; each says why it waits.
    assert.deepEqual(
      first.map((item) => [item.title, item.queueReason, item.openReports]),
      [
        ['Newer petition', 'reported', 1],
        ['Older petition', 'new', 0],
      ]
    )
    assert.deepEqual(
      first[0].reports.map(({ reason, note }) => ({ reason, note })),
      [{ reason: 'misleading', note: 'Wrong numbers' }]
    )
    // No reporter is named in the queue.
    assert.notInclude(JSON.stringify(first), 'guest:abc')

    await moderate(client, moderator, older, 'dismiss', 'Fine as it is')
    await moderate(client, moderator, newer, 'close', 'Numbers were wrong')
    assert.deepEqual(await queue(), [])
    assert.isTrue((await Petition.findOrFail(newer.id)).finished)
  })
})
