import { test } from '@japa/runner'
import sharp from 'sharp'
import { readFile } from 'node:fs/promises'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { makeMember } from '#tests/helpers/auth'
import { onBucket, servedUpload, storedUpload } from '#tests/helpers/uploads'
import { UPLOAD_CACHE_CONTROL } from '#support/uploads'
import { fixture, largeJpeg, pngWithExif } from '#tests/helpers/images'

test.group('Avatar upload', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a real PNG is accepted, re-encoded to 400 px and stripped of its EXIF', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const path = await fixture('portrait.png', await pngWithExif())
    assert.exists(
      (await sharp(await readFile(path)).metadata()).exif,
      'the fixture does carry EXIF'
    )

    const response = await client
      .post('/my/avatar')
      .file('file', path)
      .loginAs(member)
      .withCsrfToken()
    response.assertStatus(200)
    const { avatar, message } = response.body()
    assert.equal(message, 'Your photo has been updated.')
    assert.match(avatar, /^\/uploads\/avatars\/\d+-[\w-]+\.jpg$/)

    const stored = await storedUpload(avatar)
    const metadata = await sharp(stored).metadata()
    assert.equal(metadata.format, 'jpeg')
    assert.equal(metadata.width, 400)
    assert.equal(metadata.height, 400)
    assert.isUndefined(metadata.exif)
    assert.notInclude(stored.toString('latin1'), 'Secret Owner')

    await member.refresh()
    assert.equal(member.avatar, avatar)
    // Served as stored (on a bucket's disk, through the site's redirect to the object).
    const served = await servedUpload(client, avatar)
    assert.equal(served.status, 200)
    assert.equal(served.contentType, 'image/jpeg')
    assert.deepEqual(served.body, stored)
    if (onBucket()) {
      assert.match(served.redirect!.cacheControl, /^public, max-age=\d+$/)
      assert.equal(served.cacheControl, UPLOAD_CACHE_CONTROL)
    }
  })

  test('a text file renamed .png is refused by its content', async ({ client, assert }) => {
    const member = await makeMember()
    const path = await fixture('not-an-image.png', 'this is plain text pretending to be a picture')
    const response = await client
      .post('/my/avatar')
      .file('file', path)
      .loginAs(member)
      .withCsrfToken()
    response.assertStatus(422)
    assert.equal(response.body().message, 'Please choose a PNG or JPEG picture.')
    await member.refresh()
    assert.isNull(member.avatar)
  })

  test('a picture over 5 MB is refused with a translated message', async ({ client, assert }) => {
    const member = await makeMember()
    const path = await fixture('huge.jpg', await largeJpeg(6))
    const response = await client
      .post('/my/avatar')
      .header('host', 'it.undersign.test')
      .file('file', path)
      .loginAs(member)
      .withCsrfToken()
    response.assertStatus(422)
    assert.match(response.body().message, /5 MB/)
    await member.refresh()
    assert.isNull(member.avatar)
  })

  test('guests cannot upload', async ({ client }) => {
    const path = await fixture('portrait-guest.png', await pngWithExif(100, 100))
    const response = await client.post('/my/avatar').file('file', path).withCsrfToken().redirects(0)
    response.assertHeader('location', '/login')
  })
})
