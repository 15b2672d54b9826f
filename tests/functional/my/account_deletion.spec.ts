import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import User, { ROLE_MODERATOR } from '#models/user'
import Petition from '#models/petition'
import PetitionMedia from '#models/petition_media'
import { recountSignatures } from '#services/signatures/recount'
import { insertSignatureRows } from '#database/seeders/signature_rows'
import { flashed, loggedInAs, makeMember, PASSWORD, sessionStore } from '#tests/helpers/auth'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { assertFieldError } from '#tests/helpers/validation'
import { flushedCountsOf, pathOf, signatureRows } from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'
import PaperSignatureBatch from '#models/paper_signature_batch'
import PetitionHandover from '#models/petition_handover'
import { PRIVATE_DISK } from '#config/drive'
import { disksHolding, leftBehindByACopy } from '#tests/helpers/uploads'

function deleteWithPassword(
  client: ApiClient,
  member: User,
  body: Record<string, unknown> = { currentPassword: PASSWORD, understood: true }
) {
  return client.post('/my/account/delete').json(body).loginAs(member).withCsrfToken().redirects(0)
}

/** A stored upload on the Drive disk, as the media and avatar services keep them. */
async function storedFile(key: string) {
  await drive.use().put(key, 'picture bytes')
  return key
}

const exists = (key: string) => drive.use().exists(key)

test.group('Delete my account', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('guests are sent to /login', async ({ client }) => {
    const response = await client.post('/my/account/delete').withCsrfToken().redirects(0)
    response.assertHeader('location', '/login')
  })

  test('the password and the tick are required, and the password must be right', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const empty = await deleteWithPassword(client, member, {})
    assertFieldError(empty, 'currentPassword')
    assertFieldError(empty, 'understood')

    const wrong = await deleteWithPassword(client, member, {
      currentPassword: 'a guess',
      understood: true,
    })
    assertFieldError(wrong, 'currentPassword')
    assert.isNotNull(await User.find(member.id))
    assert.lengthOf(await outbox.read(), 0)
  })

  test('everything goes as promised, in one go', async ({ client, assert }) => {
    const member = await makeMember({
      email: 'olena@example.com',
      avatar: '/uploads/avatars/olena.jpg',
    })
    await storedFile('avatars/olena.jpg')
    const otherMember = await makeMember()

    // A published petition of hers, signed by others, with an uploaded photo.
    const published = await PetitionFactory.apply('published', 'withEverySection')
      .merge({ title: 'Save the park', userId: member.id })
      .create()
    const photoFile = await storedFile(`petitions/${published.guid}/photo.jpg`)
    await PetitionMedia.create({
      petitionId: published.id,
      petitionGuid: published.guid,
      userId: member.id,
      type: 'photo',
      driver: 'fs',
      url: `/uploads/${photoFile}`,
      path: photoFile,
    })
    await SignatureFactory.merge({ petitionId: published.id, email: 'signer@example.org' }).create()
    await SignatureFactory.apply('opposing')
      .merge({ petitionId: published.id, email: 'critic@example.org' })
      .create()

    // An unpublished one, with every part, a picture and a member's signature.
    const draft = await PetitionFactory.apply('withEverySection')
      .merge({ title: 'A draft', userId: member.id })
      .create()
    const draftFile = await storedFile(`petitions/${draft.guid}/banner.jpg`)
    await PetitionMedia.create({
      petitionId: draft.id,
      petitionGuid: draft.guid,
      userId: member.id,
      type: 'banner',
      driver: 'fs',
      url: `/uploads/${draftFile}`,
      path: draftFile,
    })
    await SignatureFactory.merge({
      petitionId: draft.id,
      email: otherMember.email,
      userId: otherMember.id,
    }).create()
    // Recorded while it was public: a paper batch with the sheets' photo, and a hand-over's photo.
    const sheetsFile = `private/paper/${draft.guid}/sheets.jpg`
    await drive.use(PRIVATE_DISK).put(sheetsFile, 'picture bytes')
    await leftBehindByACopy(sheetsFile)
    await PaperSignatureBatch.create({
      petitionId: draft.id,
      recordedBy: member.id,
      signatures: 12,
      place: 'Market',
      collectedOn: DateTime.utc(),
      photoPath: sheetsFile,
      status: 'pending',
    })
    const handoverFile = await storedFile(`petitions/${draft.guid}/handover.jpg`)
    await PetitionHandover.create({
      petitionId: draft.id,
      recordedBy: member.id,
      recipient: 'Council',
      handedOverOn: DateTime.utc(),
      place: 'Town hall',
      photoPath: handoverFile,
    })
    await db.from('users').where('id', otherMember.id).increment('signatures_count', 1)

    // A picture uploaded for a petition never saved.
    const pendingFile = await storedFile('petitions/pending-guid/photo.jpg')
    await PetitionMedia.create({
      petitionGuid: '00000000-0000-4000-8000-000000000002',
      userId: member.id,
      type: 'photo',
      driver: 'fs',
      url: `/uploads/${pendingFile}`,
      path: pendingFile,
    })

    // Her own signature on someone else's petition.
    const signed = await PetitionFactory.apply('published')
      .merge({ title: 'Another cause', userId: otherMember.id })
      .create()
    await SignatureFactory.merge({
      petitionId: signed.id,
      email: 'olena@example.com',
      userId: member.id,
      firstName: 'Olena',
      comment: 'I agree',
    }).create()
    await SignatureFactory.merge({ petitionId: signed.id, email: 'someone@example.org' }).create()
    for (const petition of [published, signed]) await recountSignatures(petition.id)
    const publishedMedia = await PetitionMedia.query().where('petition_id', published.id)
    const countsBefore = {
      published: await flushedCountsOf(published),
      signed: await flushedCountsOf(signed),
    }

    // Another browser where she is logged in.
    const store = await sessionStore()
    await store.write('phone-session', { auth_web: member.id })
    await store.tag('phone-session', String(member.id))

    const response = await deleteWithPassword(client, member)
    response.assertHeader('location', '/')
    assert.equal(
      flashed(response, 'alerts', 'success'),
      'Your account has been deleted. Thank you for the time you spent with us.'
    )
    assert.isNull(loggedInAs(response), 'this browser is logged out')
    assert.isNull(await store.read('phone-session'), 'every other session ended')

    // The account is gone, and cannot log in.
    assert.isNull(await User.find(member.id))
    const login = await client
      .post('/login')
      .form({ email: 'olena@example.com', password: PASSWORD })
      .withCsrfToken()
      .redirects(0)
    assert.isNull(loggedInAs(login))
    assert.equal(
      flashed(login, 'messages', 'error'),
      'The e-mail address or the password is not correct.'
    )

    // Her signature still counts, without her.
    assert.deepEqual(await flushedCountsOf(signed), countsBefore.signed)
    const signatures = await db.from('signatures').where('petition_id', signed.id)
    assert.lengthOf(signatures, 2)
    assert.notInclude(JSON.stringify(signatures), 'olena@example.com')
    assert.notInclude(JSON.stringify(signatures), 'I agree')
    assert.isTrue(signatures.every((row) => row.user_id === null))

    // The published petition stays, owned by nobody, with its signatures and photo.
    const kept = await Petition.findOrFail(published.id)
    assert.isTrue(kept.published)
    assert.isNull(kept.userId)
    assert.deepEqual(await flushedCountsOf(published), countsBefore.published)
    assert.lengthOf(
      await PetitionMedia.query().where('petition_id', published.id).whereNull('user_id'),
      publishedMedia.length
    )
    assert.isTrue(await exists(photoFile))

    // The draft is gone with all its parts and files; its signer's count went down.
    assert.isNull(await Petition.find(draft.id))
    for (const table of ['letters', 'petition_updates', 'custom_fields', 'signatures']) {
      assert.lengthOf(await db.from(table).where('petition_id', draft.id), 0, table)
    }
    assert.isFalse(await exists(draftFile))
    assert.deepEqual(await disksHolding(sheetsFile), [], 'the sheets, from every disk')
    assert.isFalse(await exists(handoverFile))
    await otherMember.refresh()
    assert.equal(otherMember.signaturesCount, 0)

    // The pending upload and the avatar are gone.
    assert.lengthOf(await PetitionMedia.query().whereNull('petition_id'), 0)
    assert.isFalse(await exists(pendingFile))
    assert.isFalse(await exists('avatars/olena.jpg'))

    // The address is told.
    const [goodbye] = await outbox.to('olena@example.com')
    assert.equal(goodbye.subject, 'Your Undersign account has been deleted')
  })

  test('signatures made with the account’s address before it existed are anonymised too', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'olena@example.com' })
    const petition = await PetitionFactory.apply('published').with('user').create()
    const other = await PetitionFactory.apply('published').with('user').create()
    await SignatureFactory.merge({
      petitionId: petition.id,
      email: 'Olena@Example.com',
      firstName: 'Olena',
    }).create()
    // A variant of the address is not the account's.
    await SignatureFactory.merge({
      petitionId: other.id,
      email: 'olena+other@example.com',
      firstName: 'Someone',
    }).create()
    await recountSignatures()

    await deleteWithPassword(client, member)
    const [erased] = await signatureRows(petition)
    assert.containSubset(erased, { first_name: '', email: '' })
    const [kept] = await signatureRows(other)
    assert.containSubset(kept, { first_name: 'Someone', email: 'olena+other@example.com' })
    assert.deepEqual(await flushedCountsOf(petition), { support: 1, oppose: 0 })
  })

  test('a published petition shows a deleted user, in every language, to moderators too', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ firstName: 'Olena', lastName: 'Koval' })
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Save the park', targetSignatures: 100, userId: member.id })
      .create()
    await insertSignatureRows(petition.id, 100)
    await recountSignatures(petition.id)
    await deleteWithPassword(client, member)

    const page = await client.get(`/petition/${petition.slug}`).withInertia()
    assert.containSubset(page.inertiaProps.petition.user, {
      firstName: 'Deleted user',
      lastName: null,
      deleted: true,
    })
    const german = await client
      .get(`/petition/${petition.slug}`)
      .header('host', 'de.undersign.test')
      .withInertia()
    assert.equal(german.inertiaProps.petition.user.firstName, 'Gelöschtes Konto')
    const html = (await client.get(`/petition/${petition.slug}`)).text()
    assert.include(html, 'A petition by a member who deleted their account')
    assert.notInclude(html, 'Koval')

    const list = await client.get('/petitions').withInertia()
    assert.equal(list.inertiaProps.petitions.data[0].user.firstName, 'Deleted user')
    const home = await client.get('/').withInertia()
    assert.equal(home.inertiaProps.successfulPetitions[0].user.firstName, 'Deleted user')

    const moderator = await makeMember({ role: ROLE_MODERATOR })
    const edit = await client.get(`/petition/${petition.guid}/edit`).loginAs(moderator)
    edit.assertStatus(200)
    const someone = await makeMember()
    const refused = await client.get(`/petition/${petition.guid}/edit`).loginAs(someone)
    refused.assertStatus(403)
  })

  test('an account without a password is deleted from a mailed link', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ password: null, githubId: '42', email: 'octo@example.com' })
    const direct = await client
      .post('/my/account/delete')
      .json({ understood: true })
      .loginAs(member)
      .withCsrfToken()
      .redirects(0)
    assert.isString(flashed(direct, 'alerts', 'error'))
    assert.isNotNull(await User.find(member.id))

    const asked = await client
      .post('/my/account/delete/link')
      .header('host', 'uk.undersign.test')
      .loginAs(member)
      .withCsrfToken()
      .redirects(0)
    asked.assertHeader('location', '/my/account')
    const [linkMail] = await outbox.to('octo@example.com')
    assert.equal(linkMail.subject, 'Видалення облікового запису Undersign')
    const url = linkIn(linkMail.html, '/delete')
    assert.match(url, /^http:\/\/uk\.undersign\.test:3334\/account\/\d+\/delete\?/)
    assert.equal(linkIn(linkMail.html, '/my/account'), 'http://uk.undersign.test:3334/my/account')
    const link = pathOf(url)

    // Opening it (as a mail scanner does) deletes nothing.
    const page = await client.get(link).withInertia()
    page.assertInertiaComponent('Account/ConfirmDeletion')
    assert.equal(page.inertiaProps.actionUrl, link)
    assert.equal(page.inertiaProps.email, 'octo@example.com')
    assert.isNotNull(await User.find(member.id))

    // Its button does.
    const deleted = await client.post(link).withCsrfToken().redirects(0)
    deleted.assertHeader('location', '/')
    assert.isNull(await User.find(member.id))
    assert.lengthOf(await outbox.to('octo@example.com'), 2)

    // The link is spent.
    const again = await client.get(link).withInertia()
    assert.isNull(again.inertiaProps.actionUrl)
    const repost = await client.post(link).withCsrfToken().redirects(0)
    assert.equal(
      flashed(repost, 'alerts', 'error'),
      'This link is invalid or has expired. Log in and ask for a new one in your account settings.'
    )
  })

  test('a forged or altered link deletes nothing', async ({ client, assert }) => {
    const member = await makeMember({ password: null, googleId: 'g-1' })
    const target = await makeMember()
    await client.post('/my/account/delete/link').loginAs(member).withCsrfToken().redirects(0)
    const [linkMail] = await outbox.to(member.email)
    const link = pathOf(linkIn(linkMail.html, '/delete'))
    const altered = link.replace(`/account/${member.id}/`, `/account/${target.id}/`)

    const page = await client.get(altered).withInertia()
    assert.isNull(page.inertiaProps.actionUrl)
    await client.post(altered).withCsrfToken().redirects(0)
    await client.post(`/account/${target.id}/delete`).withCsrfToken().redirects(0)
    assert.isNotNull(await User.find(target.id))
    assert.isNotNull(await User.find(member.id))
  })
})
