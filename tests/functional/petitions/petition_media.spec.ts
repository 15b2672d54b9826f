import { test } from '@japa/runner'
import sharp from 'sharp'
import { readFile } from 'node:fs/promises'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import Petition from '#models/petition'
import PetitionMedia from '#models/petition_media'
import { makeMember } from '#tests/helpers/auth'
import { storedUpload, uploadStored } from '#tests/helpers/uploads'
import { fixture, jpegWithGps, pngWithExif } from '#tests/helpers/images'
import { newGuid, submitPetition, uploadMedia } from '#tests/helpers/petitions'

test.group('Petition media', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a JPEG with GPS EXIF comes back as a Media object without it', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const path = await fixture('street.jpg', await jpegWithGps())
    assert.exists((await sharp(await readFile(path)).metadata()).exif)

    const guid = newGuid()
    const response = await uploadMedia(client, member, guid, 'photo', path)
    response.assertStatus(200)
    const media = response.body()
    assert.containSubset(media, { type: 'photo', driver: 'fs', title: null, description: null })
    assert.match(media.url, new RegExp(`^/uploads/petitions/${guid}/[\\w-]+\\.jpg$`))

    const stored = await storedUpload(media.url)
    const metadata = await sharp(stored).metadata()
    assert.isUndefined(metadata.exif)
    assert.notInclude(stored.toString('latin1'), 'PhoneMaker')
    assert.isAtMost(metadata.width!, 1600)
  })

  test('pending media join the petition when it is created with their guid', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const guid = newGuid()
    const photoPath = await fixture('photo.png', await pngWithExif(800, 600))
    const banner = (await uploadMedia(client, member, guid, 'banner', photoPath)).body()
    const photo = (await uploadMedia(client, member, guid, 'photo', photoPath)).body()
    assert.isNull((await PetitionMedia.findOrFail(photo.id)).petitionId)

    await submitPetition(client, member, guid, {
      banner: { id: banner.id },
      photos: [{ id: photo.id }],
    })
    const petition = await Petition.findByOrFail('guid', guid)
    const attached = await PetitionMedia.query()
      .where('petition_id', petition.id)
      .whereIn('type', ['banner', 'photo'])
    assert.sameMembers(
      attached.map((media) => media.id),
      [banner.id, photo.id]
    )
  })

  test('a fifth photo is refused: four slots', async ({ client, assert }) => {
    const member = await makeMember()
    const guid = newGuid()
    const path = await fixture('small.png', await pngWithExif(200, 200))
    for (let slot = 0; slot < 4; slot++) {
      const response = await uploadMedia(client, member, guid, 'photo', path)
      response.assertStatus(200)
    }
    const fifth = await uploadMedia(client, member, guid, 'photo', path)
    fifth.assertStatus(422)
    assert.lengthOf(await PetitionMedia.query().where('petition_guid', guid), 4)
  })

  test('a text file renamed .png is refused with a message under the file', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const path = await fixture('fake.png', 'just some text, not a picture at all')
    const response = await uploadMedia(client, member, newGuid(), 'banner', path)
    response.assertStatus(422)
    assert.equal(response.body().message, 'Please choose a PNG or JPEG picture.')
    assert.deepEqual(response.body().errors.file, ['Please choose a PNG or JPEG picture.'])
    assert.lengthOf(await PetitionMedia.all(), 0)
  })

  test("a non-owner can neither add nor delete a petition's media, and nothing changes", async ({
    client,
    assert,
  }) => {
    const owner = await makeMember()
    const other = await makeMember()
    const guid = newGuid()
    const path = await fixture('owned.png', await pngWithExif(300, 300))
    const photo = (await uploadMedia(client, owner, guid, 'photo', path)).body()

    // Before the petition exists, the guid is the owner's pending work…
    const pendingDelete = await client
      .delete(`/petition/${guid}/media`)
      .qs({ id: photo.id, type: 'photo', url: null })
      .loginAs(other)
      .withCsrfToken()
    pendingDelete.assertStatus(403)

    // …and afterwards, the petition's.
    await submitPetition(client, owner, guid, { photos: [{ id: photo.id }] })
    const upload = await uploadMedia(client, other, guid, 'photo', path)
    upload.assertStatus(403)
    const deletion = await client
      .delete(`/petition/${guid}/media`)
      .qs({ id: photo.id })
      .loginAs(other)
      .withCsrfToken()
    deletion.assertStatus(403)
    assert.exists(await PetitionMedia.find(photo.id))
    assert.lengthOf(
      await PetitionMedia.query().where('petition_guid', guid).where('type', 'photo'),
      1
    )
  })

  test('the owner clears a slot with DELETE', async ({ client, assert }) => {
    const owner = await makeMember()
    const guid = newGuid()
    const path = await fixture('mine.png', await pngWithExif(300, 300))
    const photo = (await uploadMedia(client, owner, guid, 'photo', path)).body()
    const response = await client
      .delete(`/petition/${guid}/media`)
      .qs({ id: photo.id, type: 'photo', url: null, guid })
      .loginAs(owner)
      .withCsrfToken()
    response.assertStatus(200)
    assert.isNull(await PetitionMedia.find(photo.id))
  })
})

test.group('Pending media housekeeping', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('media of a petition never saved are deleted after 24 hours, files included', async ({
    client,
    assert,
  }) => {
    const { prunePendingMedia } = await import('#services/petitions/media')
    const { DateTime } = await import('luxon')
    const member = await makeMember()
    const path = await fixture('pending.png', await pngWithExif(300, 300))
    const stale = (await uploadMedia(client, member, newGuid(), 'photo', path)).body()
    const fresh = (await uploadMedia(client, member, newGuid(), 'photo', path)).body()
    const savedGuid = newGuid()
    const kept = (await uploadMedia(client, member, savedGuid, 'photo', path)).body()
    await submitPetition(client, member, savedGuid, { photos: [{ id: kept.id }] })

    const yesterday = DateTime.now().minus({ hours: 25 })
    for (const id of [stale.id, kept.id]) {
      const media = await PetitionMedia.findOrFail(id)
      media.createdAt = yesterday
      await media.save()
    }

    assert.equal(await prunePendingMedia(24), 1)
    assert.isNull(await PetitionMedia.find(stale.id))
    assert.exists(await PetitionMedia.find(fresh.id))
    assert.exists(await PetitionMedia.find(kept.id), 'media of a saved petition stay')
    assert.isFalse(await uploadStored(stale.url))
  })
})
