import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import env from '#start/env'
import db from '@adonisjs/lucid/services/db'
import PetitionMedia from '#models/petition_media'
import Petition from '#models/petition'
import { deleteMedia, storePetitionImage } from '#services/petitions/media'
import { petitionPageData } from '#services/petitions/page_data'
import PetitionChanged from '#events/petition_changed'
import { markChangedIn } from '#models/petition_changes'
import { fixture, pngWithExif } from '#tests/helpers/images'
import { makeMember } from '#tests/helpers/auth'
import { PetitionFactory } from '#database/factories/petition_factory'
import { petitionPages } from '#runtime/caches/process_caches'

/** A photo uploaded for a guid, with its file on the disk. */
async function storedPhoto() {
  const member = await makeMember()
  const upload = await fixture('after-commit.png', await pngWithExif())
  const media = await storePetitionImage(member, crypto.randomUUID(), null, 'photo', upload)
  return { media, fileExists: () => drive.use().exists(media.path!) }
}

const rollingBack = (work: (trx: any) => Promise<void>) =>
  db
    .transaction(async (trx) => {
      await work(trx)
      throw new Error('a later step of the change fails')
    })
    .catch(() => {})

test.group('After the commit: files and the page cache', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('media deleted by a change that rolls back keep their row and their file', async ({
    assert,
  }) => {
    const { media, fileExists } = await storedPhoto()
    await rollingBack((trx) => deleteMedia([media], trx))
    assert.isNotNull(await PetitionMedia.find(media.id))
    assert.isTrue(await fileExists())
  })

  test('media deleted by a change that commits lose their file once it commits', async ({
    assert,
  }) => {
    const { media, fileExists } = await storedPhoto()
    await db.transaction(async (trx) => {
      await deleteMedia([media], trx)
      assert.isTrue(await fileExists(), 'the file stays until the commit')
    })
    assert.isNull(await PetitionMedia.find(media.id))
    assert.isFalse(await fileExists())
  })

  test('the page cache drops a petition only when its change commits', async ({ assert }) => {
    env.set('PETITION_PAGE_CACHE_MS', 60_000)
    petitionPages.clear()
    try {
      const petition = await PetitionFactory.apply('published')
        .merge({ title: 'Before the change' })
        .with('user')
        .create()
      const titleOnPage = async () => (await petitionPageData(petition.slug))?.petition.title

      assert.equal(await titleOnPage(), 'Before the change')
      await rollingBack(async (trx) => {
        await Petition.query({ client: trx })
          .where('id', petition.id)
          .update({ title: 'Rolled back' })
        await markChangedIn(trx, 'page', petition.id)
      })
      await PetitionChanged.handled()
      assert.equal(await titleOnPage(), 'Before the change')

      await db.transaction(async (trx) => {
        await Petition.query({ client: trx })
          .where('id', petition.id)
          .update({ title: 'Committed' })
        await markChangedIn(trx, 'page', petition.id)
        assert.equal(await titleOnPage(), 'Before the change', 'kept until the commit')
      })
      await PetitionChanged.handled()
      assert.equal(await titleOnPage(), 'Committed')
    } finally {
      env.set('PETITION_PAGE_CACHE_MS', 0)
      petitionPages.clear()
    }
  })
})
