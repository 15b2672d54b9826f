import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'
import { OPPOSE } from '#models/signature'

/** The tests' rows must be ones the app itself could have written. */
test.group('Test factories', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a petition is an owned draft with a free slug, sanitised text and no signatures', async ({
    assert,
  }) => {
    const first = await PetitionFactory.with('user').create()
    const second = await PetitionFactory.merge({
      description: '<p onclick="steal()">Shade<script>alert(1)</script></p>',
    })
      .with('user')
      .create()
    const unlisted = await PetitionFactory.merge({ private: true }).with('user').create()

    assert.isFalse(first.published)
    assert.isNotNull(first.userId)
    assert.equal(first.user.id, first.userId)
    assert.equal(first.slug, 'save-the-shevchenko-park')
    assert.equal(second.slug, 'save-the-shevchenko-park-2')
    assert.match(unlisted.slug, /^save-the-shevchenko-park-[0-9a-z]{12}$/)
    assert.equal(second.description, '<p>Shade</p>')
    assert.equal(second.descriptionText, 'Shade')
    assert.deepInclude(first, { supportCount: 0, opposeCount: 0, finished: false })
    assert.isNull(first.finishedAt)
  })

  test('its states are the stages of its life', async ({ assert }) => {
    const finished = await PetitionFactory.apply('finished').create()
    assert.isTrue(finished.published && finished.finished)
    assert.isNotNull(finished.finishedAt)

    const successful = await PetitionFactory.apply('successful')
      .merge({ targetSignatures: 50 })
      .create()
    assert.isTrue(successful.isOpenForSigning)
    assert.equal(successful.supportCount, 50)
    assert.isNotNull(successful.succeededAt)

    const hidden = await PetitionFactory.apply('hidden').merge({ hiddenReason: 'Scam' }).create()
    assert.isFalse(hidden.isPublic)
    assert.equal(hidden.hiddenReason, 'Scam')
    assert.isNotNull(hidden.reviewedAt)

    assert.isTrue((await PetitionFactory.apply('withOpposition').create()).allowOpposite)
  })

  test('states with parts give each petition its own, also when made many at once', async ({
    assert,
  }) => {
    const petitions = await PetitionFactory.apply('withCustomFields').createMany(2)
    for (const petition of petitions) {
      const fields = await db.from('custom_fields').where('petition_id', petition.id).orderBy('id')
      assert.deepEqual(
        fields.map((field) => [field.title, field.type, Boolean(field.required), field.position]),
        [
          ['District', 'text', true, 0],
          ['Age', 'number', false, 1],
        ]
      )
      assert.deepEqual(
        petition.customFields.map((field) => field.id),
        fields.map((field) => field.id)
      )
    }

    const complete = await PetitionFactory.apply('withEverySection').with('user').create()
    await complete.load('letters', (letters) => letters.preload('recipients'))
    assert.sameDeepMembers(
      complete.media.map((media) => [media.type, media.petitionGuid, media.userId]),
      [
        ['banner', complete.guid, complete.userId],
        ['video', complete.guid, complete.userId],
      ]
    )
    assert.equal(complete.letters[0].recipients[0].name, 'Ivan Petrenko')
    assert.lengthOf(complete.customFields, 1)

    const signed = await PetitionFactory.apply('published').with('signatures', 2).create()
    assert.lengthOf(await db.from('signatures').where('petition_id', signed.id), 2)
  })

  test('a signature is confirmed, with its normalised address and a link token', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').create()
    const signature = await SignatureFactory.merge({
      petitionId: petition.id,
      email: 'Olena.Koval+park@Example.org',
    }).create()
    assert.equal(signature.emailNormalized, 'olena.koval@example.org')
    assert.isNotNull(signature.confirmedAt)
    assert.match(signature.confirmationToken!, /^[\w-]{22}$/)

    const other = await SignatureFactory.apply('unconfirmed', 'opposing', 'anonymous', 'inactive')
      .merge({ petitionId: petition.id })
      .create()
    assert.deepInclude(other, { confirmedAt: null, score: OPPOSE, private: true, active: false })
    // The counters are the test's to set: no factory moves them.
    assert.deepInclude(await petition.refresh(), { supportCount: 0, opposeCount: 0 })
  })
})
