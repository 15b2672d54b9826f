import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import type { Disk } from '@adonisjs/drive'
import { StorageCheck } from '#runtime/health/storage_check'
import { copyUploads } from '#services/uploads/copy'
import { publicLocationOf } from '#services/uploads/public_location'
import { UPLOAD_CACHE_CONTROL, UPLOAD_WRITE_OPTIONS } from '#support/uploads'
import { givenS3Server, startS3Server, type S3Server } from '#tests/helpers/s3_server'
import { anonymously, localStore, uploadsCopy } from '#tests/helpers/local_store'
import { jpegWithGps } from '#tests/helpers/images'

/**
 * The bucket's side of uploads (DRIVE_DISK=s3), on every run: the app's own
 * S3 driver against a real S3-compatible server (moto), whatever disk the
 * rest of the suite uses.
 */
const BUCKET = 'undersign-storage-spec'
const STORE = 'tmp/uploads-copy-spec'

let server: S3Server
let bucket: Disk

test.group('Uploads in an S3 bucket', (group) => {
  group.setup(async () => {
    server = givenS3Server() ?? (await startS3Server())
    await server.freshBucket(BUCKET)
    bucket = server.disk(BUCKET)
    return async () => {
      await rm(app.makePath(STORE), { recursive: true, force: true })
      await server.stop()
    }
  })
  group.each.setup(() => server.freshBucket(BUCKET))

  test('an upload is written public, typed and cached for a year; a private object is refused to visitors', async ({
    assert,
  }) => {
    const picture = await jpegWithGps(300, 200)
    const key = `petitions/${randomUUID()}/${randomUUID()}.jpg`
    await bucket.put(key, picture, { contentType: 'image/jpeg', ...UPLOAD_WRITE_OPTIONS })

    const url = await bucket.getUrl(key)
    assert.equal(url, `${server.endpoint}/${BUCKET}/${key}`)
    const read = await anonymously(url)
    assert.equal(read.status, 200)
    assert.equal(read.contentType, 'image/jpeg')
    assert.equal(read.cacheControl, UPLOAD_CACHE_CONTROL)
    assert.deepEqual(read.body, picture)

    // The server checks ACLs: without public-read, a visitor gets nothing.
    const secret = `health/${randomUUID()}.txt`
    await bucket.put(secret, 'private', { visibility: 'private' })
    assert.equal((await anonymously(await bucket.getUrl(secret))).status, 403)
  })

  test("an upload's address leads to its object; a missing one, or a key no upload has, leads nowhere", async ({
    assert,
  }) => {
    const guid = randomUUID()
    const name = `${randomUUID()}.jpg`
    await bucket.put(`petitions/${guid}/${name}`, 'bytes', UPLOAD_WRITE_OPTIONS)

    assert.equal(
      await publicLocationOf(['petitions', guid, name], bucket),
      `${server.endpoint}/${BUCKET}/petitions/${guid}/${name}`
    )
    assert.isNull(await publicLocationOf(['petitions', guid, `${randomUUID()}.jpg`], bucket))
    for (const segments of [
      ['petitions', '..', '..', 'etc', 'passwd'],
      ['petitions', '%2e%2e', name],
      ['petitions', `${guid}\\${name}`],
      ['a*b.jpg'],
      [''],
      [],
      ['petitions', guid, 'x'.repeat(20), 'y', 'z', 'w.jpg'],
    ]) {
      assert.isNull(await publicLocationOf(segments, bucket), segments.join('/'))
    }
  })

  test('uploads:copy --to=s3 copies the local store into the bucket, readable by visitors, and only once', async ({
    assert,
  }) => {
    const banner = await jpegWithGps(320, 160)
    const avatar = await jpegWithGps(100, 100)
    const guid = randomUUID()
    const files = {
      [`petitions/${guid}/${randomUUID()}.jpg`]: banner,
      [`avatars/7-${randomUUID()}.jpg`]: avatar,
    }
    await localStore(STORE, files)

    const first = uploadsCopy(STORE, server.variables(BUCKET))
    assert.equal(first.status, 0, first.output)
    assert.include(first.output, `2 file(s) copied to the bucket ${BUCKET}, 0 already there`)
    for (const [key, content] of Object.entries(files)) {
      const read = await anonymously(await bucket.getUrl(key))
      assert.equal(read.status, 200, key)
      assert.equal(read.contentType, 'image/jpeg')
      assert.equal(read.cacheControl, UPLOAD_CACHE_CONTROL)
      assert.deepEqual(read.body, content)
    }

    const again = uploadsCopy(STORE, server.variables(BUCKET))
    assert.equal(again.status, 0, again.output)
    assert.include(again.output, '0 file(s) copied to the bucket')
    assert.include(again.output, '2 already there')
  }).timeout(120_000)

  test('uploads:copy refuses to run without a bucket', async ({ assert }) => {
    const refused = uploadsCopy(STORE, { S3_BUCKET: '' })
    assert.notEqual(refused.status, 0)
    assert.include(refused.output, 'S3_BUCKET is not set')
  }).timeout(60_000)

  test('a copy that stopped half-way runs again: a file of another size is copied anew', async ({
    assert,
  }) => {
    const key = `petitions/${randomUUID()}/${randomUUID()}.jpg`
    const other = `avatars/3-${randomUUID()}.jpg`
    const store = await localStore(STORE, { [key]: 'the whole picture', [other]: 'an avatar' })
    await bucket.put(key, 'half', UPLOAD_WRITE_OPTIONS)
    await bucket.put(other, 'an avatar', UPLOAD_WRITE_OPTIONS)

    const copied: string[] = []
    const report = await copyUploads(store, bucket, (file, wasCopied) => {
      if (wasCopied) copied.push(file)
    })
    assert.deepEqual(report, { copied: 1, skipped: 1 })
    assert.deepEqual(copied, [key])
    assert.equal(await bucket.get(key), 'the whole picture')

    // An empty or missing local store copies nothing.
    await rm(app.makePath(STORE), { recursive: true, force: true })
    assert.deepEqual(await copyUploads(store, bucket), { copied: 0, skipped: 0 })
  })

  test('the storage check takes a file on the bucket at most once a minute, and fails naming the storage when the S3 server is down', async ({
    assert,
  }) => {
    const own = await startS3Server()
    try {
      await own.freshBucket(BUCKET)
      const check = new StorageCheck(() => own.disk(BUCKET))
      const up = await check.run()
      assert.equal(up.status, 'ok', up.message)
      assert.equal(check.name, 'storage')

      await own.stop()
      // Within the minute after a probe that succeeded, the bucket is not written again.
      assert.equal((await check.run()).status, 'ok')
      check.forget()
      const down = await check.run()
      assert.equal(down.status, 'error')
      assert.equal(down.message, 'The storage refused a file')
    } finally {
      await own.stop()
    }
  }).timeout(60_000)
})
