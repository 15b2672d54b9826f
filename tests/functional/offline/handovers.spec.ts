import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import sharp from 'sharp'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import type Petition from '#models/petition'
import PetitionHandover from '#models/petition_handover'
import type User from '#models/user'
import { mailPetitionNews } from '#services/petitions/signer_news'
import { MAX_HANDOVERS } from '#services/petitions/handovers'
import { makeMember, flashed } from '#tests/helpers/auth'
import { makeModerator } from '#tests/helpers/moderation'
import { assertFieldError, fieldErrors } from '#tests/helpers/validation'
import { fixture, jpegWithGps } from '#tests/helpers/images'
import { outbox } from '#tests/helpers/outbox'
import { servedUpload, storedUpload } from '#tests/helpers/uploads'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const HANDOVER = {
  recipient: 'Riverside City Council',
  handedOverOn: '2026-03-09',
  place: 'Town hall, Riverside',
}

async function recordHandover(
  client: ApiClient,
  who: User,
  petition: Petition,
  fields: Record<string, string> = HANDOVER,
  photo?: string,
  host = 'undersign.test'
) {
  const request = client
    .post(`/petition/${petition.guid}/handovers`)
    .header('host', host)
    .header('referer', `http://${host}/petition/${petition.guid}/signatures`)
    .fields(fields)
    .withCsrfToken()
    .loginAs(who)
    .redirects(0)
  return photo ? request.file('photo', photo) : request
}

type ShownHandover = {
  recipient: string
  handedOverOn: string
  place: string
  photoUrl: string | null
}

async function shownHandovers(client: ApiClient, petition: Petition) {
  const page = await client.get(`/petition/${petition.slug}`).withInertia()
  return (page.inertiaProps as { petition: { handovers: ShownHandover[] } }).petition.handovers
}

test.group('Hand-overs', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('the owner records a hand-over: its page shows it with the photo, stripped of GPS', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const photo = await fixture('handover.jpg', await jpegWithGps(1400, 900))
    const response = await recordHandover(client, petition.user, petition, HANDOVER, photo)
    response.assertStatus(302)
    assert.match(flashed(response, 'alerts', 'success')!, /hand-over is recorded/)

    const [shown] = await shownHandovers(client, petition)
    assert.equal(shown.recipient, HANDOVER.recipient)
    assert.equal(shown.handedOverOn, HANDOVER.handedOverOn)
    assert.equal(shown.place, HANDOVER.place)
    assert.match(shown.photoUrl!, /^\/uploads\/petitions\/[\w-]+\/[\w-]+\.jpg$/)
    const stored = await storedUpload(shown.photoUrl!)
    assert.isUndefined((await sharp(stored).metadata()).exif)
    assert.equal((await servedUpload(client, shown.photoUrl!)).status, 200)
  })

  test('signers who asked for news are told, in their language; the others are not', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await SignatureFactory.merge([
      { petitionId: petition.id, email: 'news@example.org', wantsUpdates: true, locale: 'en' },
      { petitionId: petition.id, email: 'noticias@example.org', wantsUpdates: true, locale: 'es' },
      { petitionId: petition.id, email: 'quiet@example.org', wantsUpdates: false },
    ]).createMany(3)
    await recordHandover(client, petition.user, petition)
    assert.equal(await mailPetitionNews(DateTime.utc().plus({ minutes: 5 })), 2)

    const [english] = await outbox.to('news@example.org')
    assert.include(english.html, 'Handed over to Riverside City Council')
    assert.include(english.html, 'Town hall, Riverside')
    assert.include(english.text ?? '', 'Handed over to Riverside City Council')
    const [spanish] = await outbox.to('noticias@example.org')
    assert.include(spanish.html, 'Riverside City Council')
    assert.notInclude(spanish.html, 'Handed over')
    assert.lengthOf(await outbox.to('quiet@example.org'), 0)
  })

  test('only the owner records or removes; a stranger and a moderator are refused', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    ;(await recordHandover(client, await makeMember(), petition)).assertStatus(403)
    ;(await recordHandover(client, await makeModerator(), petition)).assertStatus(403)
    await recordHandover(client, petition.user, petition)
    const [handover] = await PetitionHandover.query().where('petition_id', petition.id)
    const remove = (who: User) =>
      client
        .delete(`/petition/${petition.guid}/handovers/${handover.id}`)
        .header('referer', `http://undersign.test/petition/${petition.guid}/signatures`)
        .withCsrfToken()
        .loginAs(who)
        .redirects(0)
    ;(await remove(await makeMember())).assertStatus(403)
    assert.lengthOf(await shownHandovers(client, petition), 1)
    ;(await remove(petition.user)).assertStatus(302)
    assert.lengthOf(await shownHandovers(client, petition), 0)
    // A draft cannot have been handed over.
    const draft = await PetitionFactory.with('user').create()
    ;(await recordHandover(client, draft.user, draft)).assertStatus(404)
  })

  test('bad input gets a translated error under its field, and nothing is stored', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    for (const [fields, field] of [
      [{ ...HANDOVER, recipient: '' }, 'recipient'],
      [{ ...HANDOVER, place: 'x' }, 'place'],
      [{ ...HANDOVER, handedOverOn: '2999-12-31' }, 'handedOverOn'],
    ] as const) {
      assertFieldError(await recordHandover(client, petition.user, petition, fields), field)
    }
    const text = await fixture('handover.png', 'GIF89a not a png')
    const refused = await recordHandover(client, petition.user, petition, HANDOVER, text)
    assertFieldError(refused, 'photo')
    const german = await recordHandover(
      client,
      petition.user,
      petition,
      { ...HANDOVER, recipient: '' },
      undefined,
      'de.undersign.test'
    )
    assert.notMatch(fieldErrors(german).recipient[0], /field/)
    assert.lengthOf(await shownHandovers(client, petition), 0)
  })

  test(`a petition records at most ${MAX_HANDOVERS} hand-overs`, async ({ assert, client }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await PetitionHandover.createMany(
      Array.from({ length: MAX_HANDOVERS }, () => ({
        petitionId: petition.id,
        recordedBy: petition.userId,
        recipient: 'Council',
        handedOverOn: DateTime.utc(),
        place: 'Town hall',
        photoPath: null,
      }))
    )
    const response = await recordHandover(client, petition.user, petition)
    assert.match(flashed(response, 'alerts', 'error')!, /at most/)
    assert.lengthOf(await shownHandovers(client, petition), MAX_HANDOVERS)
  })
})
