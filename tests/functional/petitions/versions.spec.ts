import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import Petition from '#models/petition'
import PetitionVersion from '#models/petition_version'
import ModerationEvent from '#models/moderation_event'
import Letter from '#models/letter'
import type User from '#models/user'
import { mailPetitionNews } from '#services/petitions/signer_news'
import { makeMember } from '#tests/helpers/auth'
import { makeModerator } from '#tests/helpers/moderation'
import { newGuid, submitPetition, validPetition } from '#tests/helpers/petitions'
import { inertiaPage } from '#tests/helpers/inertia'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { restoreClock, setClock } from '#tests/helpers/clock'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const NOW = DateTime.fromISO('2031-03-10T09:00:00Z', { zone: 'utc' })

/** A long description: 40 words in two paragraphs. */
const LONG_DESCRIPTION =
  '<p>The park is our green heart, where children play and old people rest in the shade of the chestnuts every summer.</p>' +
  '<p>The council wants to sell it to build offices; we ask it to keep the park public and open to all.</p>'

/** The owner's petition, saved through the form, with a confirmed signer who asked for news. */
async function signedPetition(
  client: ApiClient,
  { confirmed = true, description = LONG_DESCRIPTION } = {}
) {
  const owner = await makeMember({ email: 'owner@example.org' })
  const guid = newGuid()
  ;(await submitPetition(client, owner, guid, { description })).assertStatus(302)
  const petition = await Petition.findByOrFail('guid', guid)
  await SignatureFactory.merge({
    petitionId: petition.id,
    email: 'anna@example.org',
    wantsUpdates: true,
    confirmationToken: 'token-anna',
    ...(confirmed ? {} : { confirmedAt: null }),
  }).create()
  return { owner, guid, petition }
}

/** The owner saves the form again with these changes (the rest as created). */
async function save(
  client: ApiClient,
  owner: User,
  guid: string,
  overrides: Record<string, unknown>
) {
  const petition = await Petition.query().where('guid', guid).preload('letters').firstOrFail()
  const letters = (overrides.letters as any[]) ?? validPetition().letters
  const response = await submitPetition(client, owner, guid, {
    description: LONG_DESCRIPTION,
    ...overrides,
    // The letters keep their ids, as the edit form sends them.
    letters: letters.map((letter, index) => ({ id: petition.letters[index]?.id, ...letter })),
  })
  response.assertStatus(302)
}

const versionsOf = (petition: Petition) =>
  PetitionVersion.query().where('petition_id', petition.id).orderBy('id')

test.group('Petition versions: when they are kept', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })
  group.each.setup(() => () => restoreClock())

  test('no version before the first confirmed signature, nor for a save that changes only settings', async ({
    client,
    assert,
  }) => {
    const { owner, guid, petition } = await signedPetition(client, { confirmed: false })
    // Only an unconfirmed signature: the owner still edits freely.
    await save(client, owner, guid, { title: 'Save the park, please' })
    assert.lengthOf(await versionsOf(petition), 0)

    await SignatureFactory.merge({ petitionId: petition.id }).create()
    // Settings, counts and updates are no text.
    await save(client, owner, guid, {
      title: 'Save the park, please',
      allowComments: false,
      targetSignatures: 5000,
      updates: [{ title: 'We met the mayor', createdAt: '2026-01-05' }],
    })
    assert.lengthOf(await versionsOf(petition), 0)
    const page = inertiaPage(await client.get(`/petition/${petition.slug}`).withInertia())
    assert.equal(page.props.petition.editCount, 0)
  })

  test('a change after it keeps who saved it, when, and the text before it', async ({
    client,
    assert,
  }) => {
    const { owner, guid, petition } = await signedPetition(client)
    setClock(NOW)
    await save(client, owner, guid, {
      target: 'Kyiv City Council and the Mayor',
      letters: [
        {
          payload: 'Dear council,\nplease keep the park public.',
          recipients: [{ name: 'Ivan Petrenko', payload: 'Mayor of Kyiv' }],
        },
      ],
    })
    const [version] = await versionsOf(petition)
    const letter = await Letter.findByOrFail('petition_id', petition.id)
    assert.equal(version.userId, owner.id)
    assert.equal(version.createdAt.toISO(), NOW.toLocal().toISO())
    assert.equal(version.title, 'Save the Shevchenko park')
    assert.equal(version.target, 'Kyiv City Council')
    assert.equal(version.description, LONG_DESCRIPTION)
    assert.deepEqual(version.letters, [
      {
        id: letter.id,
        payload: 'Dear members of the council,\nplease keep the park.',
        recipients: [{ name: 'Ivan Petrenko', designation: 'Mayor' }],
      },
    ])
    // A new target is substantive.
    assert.isTrue(version.substantive)

    // The page says it was edited, and links to the history.
    const page = inertiaPage(await client.get(`/petition/${petition.slug}`).withInertia())
    assert.equal(page.props.petition.editCount, 1)
    // A second change diffs against the first.
    await save(client, owner, guid, { target: 'Kyiv City Council and the Mayor', letters: [] })
    assert.lengthOf(await versionsOf(petition), 2)

    // The account gone, the versions stay without their author.
    await owner.delete()
    const kept = await versionsOf(petition)
    assert.lengthOf(kept, 2)
    assert.isNull(kept[0].userId)
  })

  test('the substantive rule: a new title is, a typo is not, a rewritten description is', async ({
    client,
    assert,
  }) => {
    const { owner, guid, petition } = await signedPetition(client)
    await save(client, owner, guid, {
      description: LONG_DESCRIPTION.replace('chestnuts', 'chesnuts'),
    })
    await save(client, owner, guid, {
      description: LONG_DESCRIPTION.replace(
        'The council wants to sell it to build offices',
        'The mayor plans a car park there, with a mall and two towers of flats'
      ),
    })
    await save(client, owner, guid, { title: 'Keep the Shevchenko park public' })
    const versions = await versionsOf(petition)
    assert.deepEqual(
      versions.map((version) => version.substantive),
      [false, true, true]
    )
  })
})

test.group('Petition versions: signers are told', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })
  group.each.setup(() => () => restoreClock())

  test('a typo fix mails nobody; a new title goes in the next news mail with the history link', async ({
    client,
    assert,
  }) => {
    setClock(NOW)
    const { owner, guid, petition } = await signedPetition(client)
    await save(client, owner, guid, {
      description: LONG_DESCRIPTION.replace('chestnuts', 'chesnuts'),
    })
    assert.isNull((await Petition.findOrFail(petition.id)).newsPendingSince)
    assert.equal(await mailPetitionNews(NOW.plus({ minutes: 5 })), 0)

    setClock(NOW.plus({ minutes: 10 }))
    await save(client, owner, guid, { title: 'Keep the Shevchenko park public' })
    assert.isNotNull((await Petition.findOrFail(petition.id)).newsPendingSince)
    assert.equal(await mailPetitionNews(NOW.plus({ minutes: 15 })), 1)
    const [mail] = await outbox.to('anna@example.org')
    assert.include(mail.html, 'The petition’s text was changed on March 10, 2031')
    assert.equal(
      linkIn(mail.html, '/history'),
      `http://undersign.test:3334/petition/${petition.slug}/history`
    )
    // The news mail carries the withdraw link, as always.
    linkIn(mail.html, '/withdraw')
    // Mailed once.
    assert.equal(await mailPetitionNews(NOW.plus({ days: 2 })), 0)
  })
})

test.group('Petition versions: the history page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('shows every version with the text now, as plain text, and no e-mail address', async ({
    client,
    assert,
  }) => {
    const { owner, guid, petition } = await signedPetition(client)
    await save(client, owner, guid, {
      description: LONG_DESCRIPTION.replace('chestnuts', 'lime trees'),
    })
    await save(client, owner, guid, {
      title: 'Keep the Shevchenko park public',
      description: LONG_DESCRIPTION.replace('chestnuts', 'lime trees'),
    })
    const response = await client.get(`/petition/${petition.slug}/history`).withInertia()
    response.assertStatus(200)
    const page = inertiaPage(response)
    assert.equal(page.component, 'Petition/History')
    assert.equal(page.props.current.title, 'Keep the Shevchenko park public')
    assert.deepEqual(
      page.props.versions.map((version: { title: string }) => version.title),
      ['Save the Shevchenko park', 'Save the Shevchenko park']
    )
    const [newest, oldest] = page.props.versions
    assert.include(oldest.description, 'shade of the chestnuts every summer.')
    assert.include(newest.description, 'lime trees')
    // Plain text: no markup to show in a diff.
    assert.notInclude(oldest.description, '<p>')
    assert.include(oldest.letters, 'Ivan Petrenko, Mayor')
    assert.isNull(oldest.author)
    const props = JSON.stringify(page.props)
    assert.notMatch(props, /[\w.+-]+@[\w-]+\.[\w.]+/)
    assert.notInclude(props, 'userId')
    // The open data of its counts by day keeps its own address.
    ;(await client.get(`/petition/${petition.slug}/history.json`)).assertStatus(200)
  })

  test('answers as the petition page does: hidden, draft, missing', async ({ client, assert }) => {
    const hidden = await PetitionFactory.apply('hidden').with('user').create()
    const draft = await PetitionFactory.with('user').create()
    const moderator = await makeModerator()
    const member = await makeMember()
    for (const path of [`/petition/${hidden.slug}`, `/petition/${hidden.slug}/history`]) {
      const response = await client.get(path).withInertia()
      response.assertStatus(410)
      assert.equal(inertiaPage(response).component, 'Petition/Removed')
      ;(await client.get(path).loginAs(member)).assertStatus(410)
      for (const who of [hidden.user, moderator])
        (await client.get(path).loginAs(who)).assertStatus(200)
    }
    for (const path of [`/petition/${draft.slug}`, `/petition/${draft.slug}/history`]) {
      ;(await client.get(path)).assertStatus(404)
      ;(await client.get(path).loginAs(member)).assertStatus(404)
      for (const who of [draft.user, moderator])
        (await client.get(path).loginAs(who)).assertStatus(200)
    }
    ;(await client.get('/petition/no-such-petition/history')).assertStatus(404)
  })
})

test.group('Petition versions: moderators restore one', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  const restore = (client: ApiClient, petition: Petition, version: PetitionVersion) =>
    client
      .post(`/moderation/petitions/${petition.id}/versions/${version.id}/restore`)
      .header('referer', `/moderation/petitions/${petition.id}`)
      .withCsrfToken()
      .redirects(0)

  test('a moderator puts an earlier text back, keeping the current one, audited', async ({
    client,
    assert,
  }) => {
    const { owner, guid, petition } = await signedPetition(client)
    await save(client, owner, guid, {
      title: 'Build offices in the park',
      target: 'Nobody',
      description: '<p>Offices are fine.</p>',
      letters: [{ payload: 'Never mind.', recipients: [{ name: 'Ivan Petrenko' }] }],
    })
    const [version] = await versionsOf(petition)
    const moderator = await makeModerator()

    // Its moderation page lists it, with who saved the change.
    const file = inertiaPage(
      await client.get(`/moderation/petitions/${petition.id}`).withInertia().loginAs(moderator)
    )
    assert.equal(file.props.currentText.title, 'Build offices in the park')
    assert.equal(file.props.versions[0].author, owner.fullName)

    const response = await restore(client, petition, version).loginAs(moderator)
    response.assertStatus(302)
    response.assertHeader('location', `/moderation/petitions/${petition.id}`)

    const restored = await Petition.findOrFail(petition.id)
    assert.equal(restored.title, 'Save the Shevchenko park')
    assert.equal(restored.target, 'Kyiv City Council')
    assert.equal(restored.description, LONG_DESCRIPTION)
    const letter = await Letter.findByOrFail('petition_id', petition.id)
    assert.equal(letter.payload, 'Dear members of the council,\nplease keep the park.')

    const versions = await versionsOf(petition)
    assert.lengthOf(versions, 2)
    assert.equal(versions[1].title, 'Build offices in the park')
    assert.equal(versions[1].userId, moderator.id)
    const [event] = await ModerationEvent.query()
      .where('petition_id', petition.id)
      .where('action', 'version_restored')
    assert.equal(event.actorId, moderator.id)
  })

  test('its owner and guests are refused with 403, another petition’s version is not found', async ({
    client,
    assert,
  }) => {
    const { owner, guid, petition } = await signedPetition(client)
    await save(client, owner, guid, { title: 'Build offices in the park' })
    const [version] = await versionsOf(petition)
    ;(await restore(client, petition, version).loginAs(owner)).assertStatus(403)
    ;(await restore(client, petition, version)).assertStatus(403)
    ;(await restore(client, petition, version).loginAs(await makeMember())).assertStatus(403)
    assert.equal((await Petition.findOrFail(petition.id)).title, 'Build offices in the park')

    const other = await PetitionFactory.apply('published').with('user').create()
    const moderator = await makeModerator()
    ;(await restore(client, other, version).loginAs(moderator)).assertStatus(404)
    assert.lengthOf(await versionsOf(petition), 1)
    assert.lengthOf(await ModerationEvent.query().where('action', 'version_restored'), 0)
  })
})
