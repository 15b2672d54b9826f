import { test } from '@japa/runner'
import sharp from 'sharp'
import { readdir } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import env from '#start/env'
import { DateTime } from 'luxon'
import PetitionMedia from '#models/petition_media'
import NewsletterSubscription from '#models/newsletter_subscription'
import { unsubscribeUrlOf } from '#services/mail/newsletter'
import { pathOf } from '#tests/helpers/signatures'
import { oneClickUnsubscribe } from '#tests/helpers/one_click'
import bodyParserConfig, { UPLOADS_TMP_PATH } from '#config/bodyparser'
import { allowedRequests } from '#config/rate_limits'
import { MAX_PENDING_MEDIA } from '#shared/petitions/constants'
import { makeMember } from '#tests/helpers/auth'
import { fixture, pngWithExif } from '#tests/helpers/images'
import { newGuid, uploadMedia } from '#tests/helpers/petitions'

const TOO_MANY_PIXELS =
  'This picture has too many pixels (more than 40 megapixels). Please choose a smaller one.'
const TOO_MANY_PENDING =
  'You have uploaded many pictures for petitions that are not saved yet. Save your petition before uploading more.'

/** A PNG of a few hundred KB whose header declares 9000 × 9000 pixels (81 megapixels). */
async function hugePng() {
  const png = await sharp({
    create: { width: 9000, height: 9000, channels: 3, background: '#fff' },
  })
    .png({ compressionLevel: 9 })
    .toBuffer()
  return fixture('huge-canvas.png', png)
}

/** What the upload folder holds: empty between requests. */
const leftovers = () => readdir(UPLOADS_TMP_PATH)

test.group('Upload abuse', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a small PNG that declares 9000 × 9000 pixels is refused with the field error', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const path = await hugePng()

    const media = await uploadMedia(client, member, newGuid(), 'editor', path)
    media.assertStatus(422)
    assert.deepEqual(media.body().errors.file, [TOO_MANY_PIXELS])
    assert.lengthOf(await PetitionMedia.all(), 0)

    const avatar = await client
      .post('/my/avatar')
      .file('file', path)
      .loginAs(member)
      .withCsrfToken()
    avatar.assertStatus(422)
    assert.equal(avatar.body().message, TOO_MANY_PIXELS)
    await member.refresh()
    assert.isNull(member.avatar)
  })

  test('a member holds at most 50 pending pictures: the 51st upload is refused', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    // Fifty pictures for fifty fresh guids, none of them a saved petition.
    for (let index = 0; index < MAX_PENDING_MEDIA; index++) {
      await PetitionMedia.create({
        petitionGuid: newGuid(),
        userId: member.id,
        type: 'editor',
        driver: 'fs',
        url: `/uploads/petitions/pending-${index}.jpg`,
        position: 0,
      })
    }
    const path = await fixture('one-more.png', await pngWithExif(200, 200))

    const refused = await uploadMedia(client, member, newGuid(), 'editor', path)
    refused.assertStatus(422)
    assert.deepEqual(refused.body().errors.file, [TOO_MANY_PENDING])
    assert.lengthOf(await PetitionMedia.query().where('user_id', member.id), MAX_PENDING_MEDIA)

    // Another member's pictures do not count against this one.
    const other = await makeMember()
    const accepted = await uploadMedia(client, other, newGuid(), 'editor', path)
    accepted.assertStatus(200)
  })

  test("a member's uploads are rate-limited with a 429", async ({ client, assert }) => {
    const member = await makeMember()
    const path = await fixture('not-a-picture.png', 'plain text, refused quickly')
    for (let attempt = 0; attempt < allowedRequests('mediaUpload'); attempt++) {
      const response = await uploadMedia(client, member, newGuid(), 'editor', path)
      assert.equal(response.status(), 422)
    }
    const limited = await uploadMedia(client, member, newGuid(), 'editor', path)
    limited.assertStatus(429)
    assert.lengthOf(await leftovers(), 0)
  })

  test('uploads are written to the upload folder and none is left after the request', async ({
    client,
    assert,
  }) => {
    assert.isTrue(bodyParserConfig.multipart.tmpFileName!().startsWith(`${UPLOADS_TMP_PATH}/`))
    const member = await makeMember()
    const picture = await fixture('kept.png', await pngWithExif(300, 200))

    const accepted = await uploadMedia(client, member, newGuid(), 'photo', picture)
    accepted.assertStatus(200)
    assert.lengthOf(await leftovers(), 0, 'after an accepted upload')

    const text = await fixture('text.png', 'not a picture')
    ;(await uploadMedia(client, member, newGuid(), 'photo', text)).assertStatus(422)
    assert.lengthOf(await leftovers(), 0, 'after a refused picture')

    ;(await uploadMedia(client, member, newGuid(), 'photo', await hugePng())).assertStatus(422)
    assert.lengthOf(await leftovers(), 0, 'after a picture with too many pixels')

    // Parsed, then refused by the CSRF check and by the login requirement.
    const noToken = await client
      .post(`/petition/${newGuid()}/media`)
      .field('type', 'photo')
      .file('file', picture)
      .loginAs(member)
    noToken.assertStatus(419)
    assert.lengthOf(await leftovers(), 0, 'after a request without a CSRF token')

    const guest = await client
      .post(`/petition/${newGuid()}/media`)
      .field('type', 'photo')
      .file('file', picture)
      .withCsrfToken()
      .redirects(0)
    guest.assertHeader('location', '/login')
    assert.lengthOf(await leftovers(), 0, 'after a guest upload')
  })

  test('a multipart body on a route that takes no file is refused unread with a 400', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const picture = await fixture('elsewhere.png', await pngWithExif(100, 100))

    const page = await client
      .post('/contacts')
      .field('name', 'Olena')
      .file('file', picture)
      .withCsrfToken()
      .redirects(0)
    page.assertStatus(400)

    const json = await client
      .post(`/petition/${newGuid()}/create`)
      .header('accept', 'application/json')
      .field('title', 'A petition')
      .file('file', picture)
      .loginAs(member)
      .withCsrfToken()
    json.assertStatus(400)
    assert.equal(
      json.body().message,
      'We could not read this request. Please go back and try again.'
    )
    assert.lengthOf(await leftovers(), 0)
  })

  test('a one-click unsubscribe link takes a short multipart form only: a file is refused unread', async ({
    client,
    assert,
  }) => {
    const subscription = await NewsletterSubscription.create({
      email: 'reader@example.com',
      locale: 'en',
      confirmedAt: DateTime.now(),
    })
    const link = pathOf(unsubscribeUrlOf(subscription.id, 'en'))
    const file = await fixture('unsubscribe.bin', randomBytes(64 * 1024))
    const withFile = await client
      .post(link)
      .field('List-Unsubscribe', 'One-Click')
      .file('file', file)
    withFile.assertStatus(400)
    assert.lengthOf(await leftovers(), 0)
    await subscription.refresh()
    assert.isNull(subscription.unsubscribedAt)

    // The form alone is short: it acts.
    const alone = await oneClickUnsubscribe(client, link, { multipart: true })
    alone.assertStatus(200)
    await subscription.refresh()
    assert.isNotNull(subscription.unsubscribedAt)
  })

  test('the same answer as a body that does not parse, without a CSRF token too', async ({
    assert,
  }) => {
    const body = new FormData()
    body.append('email', 'olena@example.com')
    const response = await fetch(`http://localhost:${env.get('PORT')}/login`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body,
    })
    assert.equal(response.status, 400)
  })
})
