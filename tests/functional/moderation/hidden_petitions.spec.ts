import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import i18nManager from '@adonisjs/i18n/services/main'
import type { ApiClient } from '@japa/api-client'
import Petition from '#models/petition'
import PetitionReport from '#models/petition_report'
import type User from '#models/user'
import { trailOfPetition } from '#services/moderation/audit_trail'
import { HIDE_REASONS } from '#shared/moderation'
import { allowedRequests } from '#config/rate_limits'
import { makeMember } from '#tests/helpers/auth'
import { flashed } from '#tests/helpers/auth'
import { outbox } from '#tests/helpers/outbox'
import { fieldErrors } from '#tests/helpers/validation'
import { hide, makeModerator, moderate } from '#tests/helpers/moderation'
import { pageObjectIn } from '#tests/helpers/inertia'
import { PetitionFactory } from '#database/factories/petition_factory'

type Queued = { title: string; queueReason: string | null; openReports: number }

async function queueOf(client: ApiClient, moderator: User, view = '') {
  const response = await client.get(`/moderation${view}`).loginAs(moderator).withInertia()
  response.assertInertiaComponent('Moderation/Queue')
  return (response.inertiaProps as { petitions: { data: Queued[] } }).petitions.data
}

function report(petition: Petition, reporterKey: string) {
  return PetitionReport.create({
    petitionId: petition.id,
    reporterKey,
    reason: 'spam',
    locale: 'en',
  })
}

function requestReview(client: ApiClient, petition: Petition, who: User | null) {
  const request = client
    .post(`/petition/${petition.guid}/review`)
    .form({})
    .withCsrfToken()
    .redirects(0)
  return who ? request.loginAs(who) : request
}

test.group('Moderation: hidden petitions, their reasons and reviews', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('the queue says why each petition waits: reported ones first, then review requests, then new ones', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const make = (title: string, state: 'published' | 'hidden' = 'published') =>
      PetitionFactory.apply(state).merge({ title }).with('user').create()
    const fresh = await make('Fresh and new')
    const hiddenAsking = await make('Hidden, fixed, asking', 'hidden')
    await make('Hidden, not asking', 'hidden')
    const reportedTwice = await make('Reported twice')
    const reportedOnce = await make('Reported once')
    await report(reportedTwice, 'guest:two')
    await report(reportedTwice, 'guest:three')
    // Reported an hour earlier: it has waited longer.
    const earlier = await report(reportedOnce, 'guest:one')
    await PetitionReport.query()
      .where('id', earlier.id)
      .update({
        created_at: DateTime.utc()
          .minus({ hours: 1 })
          .toFormat(db.connection().dialect.dateTimeFormat),
      })
    // Reviewed before: leaves the queue until reported again.
    await Petition.query().where('id', fresh.id).update({ reviewed_at: null })
    ;(await requestReview(client, hiddenAsking, hiddenAsking.user)).assertStatus(302)

    assert.deepEqual(
      (await queueOf(client, moderator)).map((item) => [
        item.title,
        item.queueReason,
        item.openReports,
      ]),
      [
        // Oldest report first among the reported.
        ['Reported once', 'reported', 1],
        ['Reported twice', 'reported', 2],
        ['Hidden, fixed, asking', 'review_requested', 0],
        ['Fresh and new', 'new', 0],
      ]
    )

    // Dismissing the reports is what takes a reported petition out; hiding another.
    await moderate(client, moderator, reportedTwice, 'dismiss', 'Not spam at all')
    ;(
      await hide(client, moderator, reportedOnce, { reason: 'misleading', note: 'Made-up numbers' })
    ).assertStatus(302)
    // Keeping the asking one hidden answers its request.
    await moderate(client, moderator, hiddenAsking, 'dismiss', 'Still sells watches')
    assert.deepEqual(
      (await queueOf(client, moderator)).map((item) => item.title),
      ['Fresh and new']
    )
    const kept = await Petition.findOrFail(hiddenAsking.id)
    assert.isNotNull(kept.hiddenAt)
    assert.isNull(kept.reviewRequestedAt)
    assert.deepEqual(
      (await trailOfPetition(hiddenAsking.id)).map((event) => [event.action, event.reason]),
      [
        ['review_requested', null],
        ['review_declined', 'Still sells watches'],
      ]
    )
  })

  test('hiding needs a reason of the list, with the error under the field in the page language', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator({ locale: 'uk' })
    const petition = await PetitionFactory.apply('published').with('user').create()
    const uk = i18nManager.locale('uk')
    const send = (form: Record<string, string>) =>
      client
        .post(`/moderation/petitions/${petition.id}/hide`)
        .header('host', 'uk.undersign.test')
        .header('referer', 'http://uk.undersign.test/moderation')
        .form(form)
        .withCsrfToken()
        .loginAs(moderator)
        .redirects(0)

    const missing = fieldErrors(await send({ note: 'Реклама' }))
    assert.deepEqual(missing.reason, [uk.t('validator.shared.messages.reason.choose')])
    const unknown = fieldErrors(await send({ reason: 'ugly', note: 'Реклама' }))
    assert.deepEqual(unknown.reason, [uk.t('validator.shared.messages.enum')])
    assert.notInclude(unknown.reason[0], 'reason')
    assert.isNull((await Petition.findOrFail(petition.id)).hiddenAt)

    // Every reason of the list is taken; the note is optional.
    for (const reason of HIDE_REASONS) {
      const target = await PetitionFactory.apply('published').with('user').create()
      ;(await hide(client, moderator, target, { reason })).assertStatus(302)
      const hidden = await Petition.findOrFail(target.id)
      assert.equal(hidden.hiddenReason, reason)
      assert.isNull(hidden.hiddenNote)
    }
  })

  test("the public page of a hidden petition says in words that moderators removed it and why, and nothing of the moderator's", async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Vendiamo orologi' })
      .with('user')
      .create()
    await hide(client, moderator, petition, {
      reason: 'hate',
      note: 'Private: the author insulted Ines on the phone',
    })
    const it = i18nManager.locale('it')
    const response = await client
      .get(`/petition/${petition.slug}`)
      .header('host', 'it.undersign.test')
    response.assertStatus(410)
    const html = response.text()
    const page = pageObjectIn(html)
    assert.equal(page.component, 'Petition/Removed')
    assert.deepEqual(
      Object.keys(page.props)
        .filter((key) => ['title', 'reason', 'hiddenAt'].includes(key))
        .sort(),
      ['hiddenAt', 'reason', 'title']
    )
    assert.include(html, it.t('page.removed.title'))
    assert.include(html, it.t('common.hide_reasons.hate'))
    assert.include(html, 'Vendiamo orologi')
    // No bare status code as its message, and nothing of the moderator.
    assert.notMatch(html, />\s*410\s*</)
    for (const secret of ['Ines', 'Roth', 'Private', 'insulted', moderator.email]) {
      assert.notInclude(html, secret)
    }
  })

  test('its owner sees the petition with the reason and asks for a review once; it goes back to the queue', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    await hide(client, moderator, petition, { reason: 'personal_data', note: 'Phone numbers' })

    const ownPage = await client.get(`/petition/${petition.slug}`).loginAs(owner).withInertia()
    ownPage.assertStatus(200)
    ownPage.assertInertiaComponent('Petition/Show')
    const notice = ownPage.inertiaProps.hiddenNotice as Record<string, unknown>
    assert.containSubset(notice, {
      viewer: 'owner',
      reason: 'personal_data',
      reviewRequestedAt: null,
      canRequestReview: true,
      moderationId: null,
    })
    assert.isFalse(ownPage.inertiaProps.canSignPetition)
    assert.notInclude(JSON.stringify(ownPage.inertiaProps), 'Phone numbers')

    const asked = await requestReview(client, petition, owner)
    asked.assertStatus(302)
    assert.equal(asked.header('location'), `/petition/${petition.slug}`)
    assert.equal(
      flashed(asked, 'alerts', 'success'),
      i18nManager.locale('en').t('page.hidden.review_requested')
    )
    const stored = await Petition.findOrFail(petition.id)
    assert.isNotNull(stored.reviewRequestedAt)
    assert.isNotNull(stored.hiddenAt)

    // Once is enough: asking again changes nothing.
    const again = await requestReview(client, petition, owner)
    assert.isDefined(flashed(again, 'alerts', 'info'))
    const trail = await trailOfPetition(petition.id)
    assert.deepEqual(
      trail.map((event) => [event.action, event.actorId]),
      [
        ['petition_hidden', moderator.id],
        ['review_requested', owner.id],
      ]
    )
    const after = await client.get(`/petition/${petition.slug}`).loginAs(owner).withInertia()
    assert.containSubset(after.inertiaProps.hiddenNotice, { canRequestReview: false })

    assert.deepEqual(
      (await queueOf(client, moderator)).map((item) => [item.title, item.queueReason]),
      [[petition.title, 'review_requested']]
    )
    // A moderator sees it with the "Hidden" banner and a way to its moderation page.
    const seen = await client.get(`/petition/${petition.slug}`).loginAs(moderator).withInertia()
    assert.containSubset(seen.inertiaProps.hiddenNotice, {
      viewer: 'moderator',
      canRequestReview: false,
      moderationId: petition.id,
    })
    // Restored: out of the queue, the request answered.
    await moderate(client, moderator, petition, 'restore', 'Numbers removed')
    const restored = await Petition.findOrFail(petition.id)
    assert.isNull(restored.hiddenAt)
    assert.isNull(restored.reviewRequestedAt)
    assert.deepEqual(await queueOf(client, moderator), [])
    const visible = await client.get(`/petition/${petition.slug}`).loginAs(owner).withInertia()
    assert.isNull(visible.inertiaProps.hiddenNotice)
  })

  test('nobody but its owner may ask for a review, and only while it is hidden', async ({
    assert,
    client,
  }) => {
    const hidden = await PetitionFactory.apply('hidden').with('user').create()
    const visible = await PetitionFactory.apply('published').with('user').create()
    const stranger = await makeMember()
    const moderator = await makeModerator()

    for (const who of [stranger, moderator, visible.user]) {
      ;(await requestReview(client, hidden, who)).assertStatus(403)
    }
    // A guest is sent to log in.
    const guest = await requestReview(client, hidden, null)
    assert.equal(guest.status(), 302)
    assert.include(guest.header('location'), '/login')
    // Its owner, on a petition that is not hidden.
    ;(await requestReview(client, visible, visible.user)).assertStatus(403)
    // A guid nobody has.
    const missing = client
      .post('/petition/00000000-0000-4000-8000-000000000000/review')
      .form({})
      .withCsrfToken()
      .loginAs(hidden.user)
      .redirects(0)
    ;(await missing).assertStatus(404)

    for (const petition of [hidden, visible]) {
      assert.isNull((await Petition.findOrFail(petition.id)).reviewRequestedAt)
      assert.deepEqual(await trailOfPetition(petition.id), [])
    }
  })

  test("an owner's requests for reviews are rate-limited", async ({ client }) => {
    const petition = await PetitionFactory.apply('hidden').with('user').create()
    for (let index = 0; index < allowedRequests('reviewRequests'); index++) {
      ;(await requestReview(client, petition, petition.user)).assertStatus(302)
    }
    ;(await requestReview(client, petition, petition.user)).assertStatus(429)
  })
})
