import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type Petition from '#models/petition'
import PetitionUpdate from '#models/petition_update'
import type User from '#models/user'
import { trailOfPetition } from '#services/moderation/audit_trail'
import { MAX_UPDATES } from '#shared/petitions/constants'
import { makeMember, flashed } from '#tests/helpers/auth'
import { assertFieldError, fieldErrors } from '#tests/helpers/validation'
import { makeModerator } from '#tests/helpers/moderation'
import { PetitionFactory } from '#database/factories/petition_factory'

const NEWS = {
  title: 'Signatures handed to the council',
  createdAt: '2026-03-02',
  description: 'We met the mayor at the town hall.',
}

function post(
  client: ApiClient,
  who: User,
  petition: Petition,
  form: Record<string, unknown>,
  host = 'undersign.test'
) {
  return client
    .post(`/petition/${petition.guid}/updates`)
    .header('host', host)
    .header('referer', `http://${host}/petition/${petition.slug}`)
    .form(form)
    .withCsrfToken()
    .loginAs(who)
    .redirects(0)
}

type ShowProps = { petition: { updates: Array<{ title: string; createdAt: string }> } }

test.group('Petitions: news posted from the page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the owner posts news from the page: shown at once, and due to the signers who asked for it', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    assert.isNull(petition.newsPendingSince)
    const posted = await post(client, petition.user, petition, NEWS, 'fr.undersign.test')
    posted.assertStatus(302)
    assert.equal(flashed(posted, 'alerts', 'success'), 'Votre nouvelle est publiée.')

    const page = await client.get(`/petition/${petition.slug}`).withInertia()
    const { updates } = (page.inertiaProps as ShowProps).petition
    assert.deepEqual(
      updates.map(({ title, createdAt }) => [title, createdAt]),
      [[NEWS.title, NEWS.createdAt]]
    )
    await petition.refresh()
    assert.isNotNull(petition.newsPendingSince)
    // An owner's own news is not moderation: the audit trail stays empty.
    assert.lengthOf(await trailOfPetition(petition.id), 0)
  })

  test('bad input gets translated errors under its fields and stores nothing', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const refused = await post(
      client,
      petition.user,
      petition,
      { title: '  ', createdAt: '3000-01-01', description: 'x'.repeat(256) },
      'uk.undersign.test'
    )
    for (const field of ['title', 'createdAt', 'description']) assertFieldError(refused, field)
    assert.equal(fieldErrors(refused).createdAt[0], 'Дата не може бути в майбутньому')

    const garbled = await post(client, petition.user, petition, {
      title: ['not', 'text'],
      createdAt: '2026-02-30',
      timeZone: 'Mars/Olympus_Mons',
    })
    for (const field of ['title', 'createdAt', 'timeZone']) assertFieldError(garbled, field)
    assert.lengthOf(await PetitionUpdate.query().where('petition_id', petition.id), 0)
  })

  test('only the owner and moderators post news; a moderator posting is on the record', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const stranger = await makeMember()
    ;(await post(client, stranger, petition, NEWS)).assertStatus(403)
    const guest = await client
      .post(`/petition/${petition.guid}/updates`)
      .form(NEWS)
      .withCsrfToken()
      .redirects(0)
    assert.include([302, 303], guest.status())
    assert.lengthOf(await PetitionUpdate.query().where('petition_id', petition.id), 0)

    const moderator = await makeModerator()
    ;(await post(client, moderator, petition, NEWS)).assertStatus(302)
    assert.lengthOf(await PetitionUpdate.query().where('petition_id', petition.id), 1)
    const trail = await trailOfPetition(petition.id)
    assert.deepEqual(
      trail.map((entry) => [entry.action, entry.reason]),
      [['petition_edited', NEWS.title]]
    )
  })

  test("a draft's news is its owner's alone and mails nobody", async ({ assert, client }) => {
    const draft = await PetitionFactory.with('user').create()
    ;(await post(client, await makeMember(), draft, NEWS)).assertStatus(404)
    ;(await post(client, draft.user, draft, NEWS)).assertStatus(302)
    await draft.refresh()
    assert.isNull(draft.newsPendingSince)
    assert.lengthOf(await PetitionUpdate.query().where('petition_id', draft.id), 1)
  })

  test('a petition holds a bounded number of news items', async ({ assert, client }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await PetitionUpdate.createMany(
      Array.from({ length: MAX_UPDATES }, (_, index) => ({
        petitionId: petition.id,
        title: `News ${index}`,
        happenedOn: petition.createdAt,
      }))
    )
    const refused = await post(client, petition.user, petition, NEWS, 'de.undersign.test')
    refused.assertStatus(302)
    assert.match(flashed(refused, 'alerts', 'error')!, /höchstens 100 Neuigkeiten/)
    assert.lengthOf(await PetitionUpdate.query().where('petition_id', petition.id), MAX_UPDATES)
  })
})
