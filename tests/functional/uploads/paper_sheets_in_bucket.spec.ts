import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import type { Disk } from '@adonisjs/drive'
import { copyPrivateFiles } from '#services/uploads/copy'
import { deletePrivateFiles } from '#services/uploads/private_files'
import { UPLOAD_WRITE_OPTIONS } from '#support/uploads'
import PaperSignatureBatch from '#models/paper_signature_batch'
import { PetitionFactory } from '#database/factories/petition_factory'
import { givenS3Server, startS3Server, type S3Server } from '#tests/helpers/s3_server'
import { anonymously, localStore, uploadsCopy } from '#tests/helpers/local_store'
import { jpegWithGps } from '#tests/helpers/images'

/**
 * The photos of paper sheets (signers' names) when a site moves to a bucket,
 * on every run: the app's own S3 driver against a real S3-compatible server
 * (moto), whatever disk the rest of the suite uses.
 */
const BUCKET = 'undersign-sheets-spec'
const STORE = 'tmp/paper-sheets-copy-spec'

let server: S3Server
let bucket: Disk

/** The private folder beside the local store (config/drive.ts: STORAGE_PATH-private). */
const localPrivateStore = (files: Record<string, Buffer | string>) =>
  localStore(`${STORE}-private`, files)

/**
 * A petition with a paper batch whose photo is `private/paper/{guid}/…`,
 * stored for good (this group runs outside a transaction: the command's
 * process reads it); removed when the test ends. The key it names, and one
 * under the same folder that no batch names (its photo was erased).
 */
async function paperBatch(cleanup: (handler: () => Promise<void>) => void) {
  const petition = await PetitionFactory.apply('published').with('user').create()
  const named = `private/paper/${petition.guid}/${randomUUID()}.jpg`
  await PaperSignatureBatch.create({
    petitionId: petition.id,
    recordedBy: petition.userId!,
    signatures: 30,
    place: 'Market',
    collectedOn: DateTime.utc(),
    photoPath: named,
    status: 'pending',
  })
  cleanup(async () => {
    await petition.delete()
    await petition.user.delete()
  })
  return { named, erased: `private/paper/${petition.guid}/${randomUUID()}.jpg` }
}

test.group('Photos of paper sheets when a site moves to a bucket', (group) => {
  group.setup(async () => {
    server = givenS3Server() ?? (await startS3Server())
    await server.freshBucket(BUCKET)
    bucket = server.disk(BUCKET)
    return async () => {
      for (const folder of [STORE, `${STORE}-private`]) {
        await rm(app.makePath(folder), { recursive: true, force: true })
      }
      await server.stop()
    }
  })
  group.each.setup(() => server.freshBucket(BUCKET))

  test('uploads:copy copies the photos of paper sheets a batch names into the bucket, private; an erased one stays behind', async ({
    assert,
    cleanup,
  }) => {
    const { named, erased } = await paperBatch(cleanup)
    const sheets = await jpegWithGps(400, 300)
    await localStore(STORE, { [`petitions/${randomUUID()}/${randomUUID()}.jpg`]: 'a banner' })
    await localPrivateStore({ [named]: sheets, [erased]: 'an erased sheet' })

    const first = uploadsCopy(STORE, server.variables(BUCKET))
    assert.equal(first.status, 0, first.output)
    assert.include(first.output, '1 file(s) copied to the bucket')
    assert.include(
      first.output,
      '1 private file(s) (photos of paper sheets) copied, 0 already there, 1 no batch names left out'
    )
    // Signers' names: no visitor reads it at the bucket's address; the app, with its keys, does.
    assert.equal((await anonymously(await bucket.getUrl(named))).status, 403)
    assert.deepEqual(Buffer.from(await bucket.getBytes(named)), sheets)
    assert.isFalse(await bucket.exists(erased))

    const again = uploadsCopy(STORE, server.variables(BUCKET))
    assert.include(
      again.output,
      '0 private file(s) (photos of paper sheets) copied, 1 already there'
    )
  }).timeout(120_000)

  test('a copy run again deletes from the bucket the sheets erased since the last one, not one being recorded', async ({
    assert,
    cleanup,
  }) => {
    const { named, erased } = await paperBatch(cleanup)
    const local = await localPrivateStore({})
    const picture = `petitions/${randomUUID()}/${randomUUID()}.jpg`
    // Copied by an earlier run: the named sheet, and one erased locally since.
    for (const key of [named, erased]) await bucket.put(key, 'sheet', { visibility: 'private' })
    await bucket.put(picture, 'a picture', UPLOAD_WRITE_OPTIONS)

    // Written within the hour: perhaps a sheet whose batch is being recorded right now.
    const soon = await copyPrivateFiles(local, bucket)
    assert.equal(soon.removed, 0)
    assert.isTrue(await bucket.exists(erased))

    const later = await copyPrivateFiles(local, bucket, { now: Date.now() + 2 * 3600_000 })
    assert.deepEqual(later, { copied: 0, skipped: 0, unreferenced: 0, removed: 1 })
    assert.isFalse(await bucket.exists(erased))
    assert.isTrue(await bucket.exists(named))
    assert.isTrue(await bucket.exists(picture), 'public uploads are not the private copy’s')
  })

  test('a sheet is deleted from the bucket and from the local folder the site moved from', async ({
    assert,
  }) => {
    const key = `private/paper/${randomUUID()}/${randomUUID()}.jpg`
    const local = await localPrivateStore({ [key]: 'sheet' })
    await bucket.put(key, 'sheet', { visibility: 'private' })
    await deletePrivateFiles([key], [bucket, local])
    assert.isFalse(await bucket.exists(key))
    assert.isFalse(await local.exists(key))
    // Already gone is no error.
    await deletePrivateFiles([key], [bucket, local])

    // A disk that refuses fails the deletion (to be tried again), after the others were done.
    const other = `private/paper/${randomUUID()}/${randomUUID()}.jpg`
    await local.put(other, 'sheet')
    const refusing = {
      delete: async () => {
        throw new Error('refused')
      },
    } as unknown as Disk
    await assert.rejects(() => deletePrivateFiles([other], [refusing, local]))
    assert.isFalse(await local.exists(other))
  })
})
