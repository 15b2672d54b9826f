import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import i18nManager from '@adonisjs/i18n/services/main'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import Petition from '#models/petition'
import PetitionVersion from '#models/petition_version'
import ModerationEvent from '#models/moderation_event'
import type User from '#models/user'
import { makeMember } from '#tests/helpers/auth'
import { makeModerator } from '#tests/helpers/moderation'
import { inertiaPage } from '#tests/helpers/inertia'
import { fieldErrors } from '#tests/helpers/validation'
import { PetitionFactory } from '#database/factories/petition_factory'

/** What must never come back once redacted: a phone number the owner wrote by mistake. */
const SECRET = 'Call Olena Koval on 067 123 45 67'

/**
 * A published petition with two earlier texts: the oldest, then one that
 * carries the secret (title, addressee, description and a letter), then
 * the text now.
 */
async function petitionWithSecret() {
  const petition = await PetitionFactory.apply('published')
    .with('user')
    .merge({
      title: 'Keep the Shevchenko park public',
      target: 'Kyiv City Council',
      description: '<p>The park is our green heart.</p>',
    })
    .create()
  const day = DateTime.utc().minus({ days: 3 })
  const oldest = await PetitionVersion.create({
    petitionId: petition.id,
    userId: petition.userId,
    title: 'Save the Shevchenko park',
    target: 'Kyiv City Council',
    description: '<p>The park is green.</p>',
    letters: [],
    substantive: true,
    createdAt: day,
  })
  const secret = await PetitionVersion.create({
    petitionId: petition.id,
    userId: petition.userId,
    title: `Save the park — ${SECRET}`,
    target: `Olena Koval, 067 123 45 67`,
    description: `<p>The park is our green heart. ${SECRET}.</p>`,
    letters: [
      {
        id: null,
        payload: `Dear council, ${SECRET}`,
        recipients: [{ name: 'Olena Koval', designation: '' }],
      },
    ],
    substantive: true,
    createdAt: day.plus({ days: 1 }),
  })
  return { petition, oldest, secret }
}

function redact(
  client: ApiClient,
  petition: Petition,
  version: PetitionVersion,
  form: Record<string, string>,
  who?: User
) {
  const request = client
    .post(`/moderation/petitions/${petition.id}/versions/${version.id}/redact`)
    .header('referer', `/moderation/petitions/${petition.id}`)
    .form(form)
    .withCsrfToken()
    .redirects(0)
  return who ? request.loginAs(who) : request
}

/** Whether any trace of the secret is in a text (its words, its phone number). */
function leaks(text: string) {
  return /067 123 45 67|Olena Koval/.test(text)
}

test.group('Petition versions: moderators redact one', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a redacted text leaves the history page, its JSON and the moderation page, with the reason instead, audited', async ({
    client,
    assert,
  }) => {
    const { petition, oldest, secret } = await petitionWithSecret()
    const moderator = await makeModerator()
    // Before: the history carries it, in the page and in its diff's props.
    assert.isTrue(leaks((await client.get(`/petition/${petition.slug}/history`)).text()))

    const response = await redact(
      client,
      petition,
      secret,
      { reason: 'Personal data of a neighbour' },
      moderator
    )
    response.assertStatus(302)
    response.assertHeader('location', `/moderation/petitions/${petition.id}`)

    // The row keeps no word of it: the reason stands in its place.
    await secret.refresh()
    assert.deepEqual(
      [secret.title, secret.target, secret.description, secret.letters],
      ['', '', '', []]
    )
    assert.equal(secret.redactionReason, 'Personal data of a neighbour')
    assert.isNotNull(secret.redactedAt)
    const [event] = await ModerationEvent.query().where('action', 'version_redacted')
    assert.equal(event.petitionId, petition.id)
    assert.equal(event.actorId, moderator.id)
    assert.equal(event.subject, `#${secret.id}`)
    assert.equal(event.reason, 'Personal data of a neighbour')

    // The public page, as HTML (with its diff rendered on the server) and as JSON.
    const html = await client.get(`/petition/${petition.slug}/history`)
    html.assertStatus(200)
    assert.isFalse(leaks(html.text()))
    assert.include(html.text(), i18nManager.locale('en').t('page.history.redacted'))
    assert.include(html.text(), 'Personal data of a neighbour')
    const json = inertiaPage(await client.get(`/petition/${petition.slug}/history`).withInertia())
    assert.isFalse(leaks(JSON.stringify(json.props)))
    const [newest, older] = json.props.versions
    assert.equal(newest.id, secret.id)
    assert.deepEqual(newest.redaction, {
      redactedAt: secret.redactedAt!.toISO(),
      reason: 'Personal data of a neighbour',
    })
    assert.deepEqual(
      [newest.title, newest.target, newest.description, newest.letters],
      ['', '', '', '']
    )
    // The version before it keeps its own text.
    assert.equal(older.id, oldest.id)
    assert.isNull(older.redaction)
    assert.equal(older.title, 'Save the Shevchenko park')
    ;(await client.get(`/petition/${petition.slug}/history.json`)).assertStatus(200)

    // The moderators' page shows it redacted, and nothing of it either.
    const file = await client
      .get(`/moderation/petitions/${petition.id}`)
      .withInertia()
      .loginAs(moderator)
    const props = inertiaPage(file).props
    assert.equal(props.versions[0].redaction.reason, 'Personal data of a neighbour')
    const withoutTrail = { ...props, petition: { ...props.petition, trail: [] } }
    assert.isFalse(leaks(JSON.stringify(withoutTrail)))
  })

  test('the reason is required, under its field, in the page’s language; nothing changes', async ({
    client,
    assert,
  }) => {
    const { petition, secret } = await petitionWithSecret()
    const moderator = await makeModerator()
    const response = await redact(client, petition, secret, { reason: ' ' }, moderator).header(
      'host',
      'uk.undersign.test'
    )
    response.assertStatus(302)
    assert.deepEqual(Object.keys(fieldErrors(response)), ['reason'])
    assert.equal(
      fieldErrors(response).reason[0],
      i18nManager.locale('uk').t('validator.shared.messages.reason.required')
    )
    await secret.refresh()
    assert.include(secret.description, SECRET)
    assert.isNull(secret.redactedAt)
    assert.lengthOf(await ModerationEvent.query().where('action', 'version_redacted'), 0)
  })

  test('only a moderator who does not own the petition redacts; a redacted version is neither redacted again nor restored', async ({
    client,
    assert,
  }) => {
    const { petition, secret } = await petitionWithSecret()
    const form = { reason: 'Personal data' }
    ;(await redact(client, petition, secret, form)).assertStatus(403)
    ;(await redact(client, petition, secret, form, await makeMember())).assertStatus(403)
    ;(await redact(client, petition, secret, form, petition.user)).assertStatus(403)
    // A moderator who owns the petition leaves it to another moderator.
    const owningModerator = await makeModerator({ email: 'owner-moderator@example.org' })
    const own = await PetitionFactory.apply('published')
      .merge({ userId: owningModerator.id })
      .create()
    const ownVersion = await PetitionVersion.create({
      petitionId: own.id,
      userId: owningModerator.id,
      title: 'What I promised',
      target: 'Council',
      description: '<p>A promise.</p>',
      letters: [],
      substantive: true,
    })
    ;(await redact(client, own, ownVersion, form, owningModerator)).assertStatus(403)
    await ownVersion.refresh()
    assert.equal(ownVersion.title, 'What I promised')
    await secret.refresh()
    assert.isNull(secret.redactedAt)

    const moderator = await makeModerator()
    // Another petition's version is not found.
    ;(await redact(client, own, secret, form, moderator)).assertStatus(404)
    ;(await redact(client, petition, secret, form, moderator)).assertStatus(302)
    const again = await redact(client, petition, secret, { reason: 'Second time' }, moderator)
    again.assertStatus(302)
    await secret.refresh()
    assert.equal(secret.redactionReason, 'Personal data')
    const restore = await client
      .post(`/moderation/petitions/${petition.id}/versions/${secret.id}/restore`)
      .withCsrfToken()
      .loginAs(moderator)
      .redirects(0)
    restore.assertStatus(404)
    const current = await Petition.findOrFail(petition.id)
    assert.equal(current.title, 'Keep the Shevchenko park public')
    assert.lengthOf(await ModerationEvent.query().where('action', 'version_redacted'), 1)
    assert.lengthOf(await ModerationEvent.query().where('action', 'version_restored'), 0)
  })
})
