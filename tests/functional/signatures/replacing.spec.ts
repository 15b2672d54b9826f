import { emptiedAfterwards } from '#tests/helpers/database'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import i18nManager from '@adonisjs/i18n/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { ROLE_UNVERIFIED } from '#models/user'
import type Signature from '#models/signature'
import PruneUnconfirmedSignaturesJob from '#jobs/prune_unconfirmed_signatures_job'
import { signatureCounter } from '#runtime/signatures/counter'
import { makeMember, flashed } from '#tests/helpers/auth'
import { outbox, linkIn } from '#tests/helpers/outbox'
import { countsOf, pathOf, sign, signatureRows, swalOf } from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const en = i18nManager.locale('en')
const uk = i18nManager.locale('uk')

/** The confirmation link of the newest mail to `address`. */
async function latestLink(address: string) {
  const [mail] = await outbox.to(address)
  return pathOf(linkIn(mail.html, '/signature/'))
}

/**
 * Whoever types an address first must not own it: a new sign with the
 * address of an unconfirmed signature replaces it and mails a new link (the
 * old one stops working); a confirmed signature is never replaced.
 */
test.group('Signing again over an unconfirmed signature', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('a stranger who signed first with someone’s address is replaced by its owner, whose link alone works', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published', 'withOpposition')
      .merge({ allowComments: true })
      .with('user')
      .with('customFields')
      .create()
    const [district] = petition.customFields
    await sign(client, petition, {
      firstName: 'Mallory',
      lastName: 'Stranger',
      email: 'Olena+blocked@example.org',
      comment: 'I am against this park and everything it stands for.',
      support: false,
      private: true,
      customFields: [{ id: district.id, value: 'Nowhere' }],
    }).header('host', 'uk.undersign.test')
    const strangersLink = await latestLink('Olena+blocked@example.org')

    const owner = await sign(client, petition, {
      email: 'olena@example.org',
      comment: 'Our children need this park to play safely.',
      support: true,
      private: false,
    })
    assert.equal(swalOf(owner).info?.title, 'Almost done: check your inbox')
    // The words of a first signature: nobody learns that someone had typed the address before.
    assert.equal(
      swalOf(owner).info?.payload,
      en.t('page.sign.confirm_text', { email: 'olena@example.org' })
    )
    assert.isUndefined(flashed(owner, 'messages', 'warning'))

    const rows = await signatureRows(petition)
    assert.lengthOf(rows, 1)
    assert.containSubset(rows[0], {
      first_name: 'Olena',
      last_name: 'Koval',
      email: 'olena@example.org',
      comment: 'Our children need this park to play safely.',
      score: 1,
      locale: 'en',
      confirmed_at: null,
    })
    assert.isNotOk(rows[0].private)
    assert.deepEqual(JSON.parse(rows[0].custom_fields_data), { [district.id]: 'Podil' })

    // The stranger's link is dead, on its page and on its button.
    const page = await client.get(strangersLink).withInertia()
    assert.isNull(page.inertiaProps.confirmUrl)
    const refused = await client.post(strangersLink).withCsrfToken().redirects(0)
    assert.equal(flashed(refused, 'messages', 'error'), en.t('page.sign.invalid_link'))
    assert.isNull((await signatureRows(petition))[0].confirmed_at)

    // The mail tells the owner of an address that signing again replaces a signature.
    const [ownersMail] = await outbox.to('olena@example.org')
    assert.include(ownersMail.html, 'Sign the petition again with this address')
    const ownersLink = await latestLink('olena@example.org')
    const confirmed = await client.post(ownersLink).withCsrfToken().redirects(0)
    assert.equal(confirmed.flashMessages()?.petitionPage, 'signatureConfirmed')
    await signatureCounter.flush()
    assert.deepEqual(await countsOf(petition), { support: 1, oppose: 0 })
  })

  test('a verified member replaces a guest’s unconfirmed signature of their address and counts once', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const member = await makeMember({ email: 'taras.bondar@gmail.com' })
    await sign(client, petition, { firstName: 'Someone', email: 'Taras.Bondar+x@gmail.com' })
    const strangersLink = await latestLink('Taras.Bondar+x@gmail.com')

    const response = await sign(client, petition, {}, member)
    assert.equal(swalOf(response).success?.title, 'Thank you!')
    assert.isUndefined(swalOf(response).info)
    const rows = await signatureRows(petition)
    assert.lengthOf(rows, 1)
    assert.containSubset(rows[0], {
      user_id: member.id,
      email: member.email,
      first_name: member.firstName,
    })
    assert.isNotNull(rows[0].confirmed_at)
    // No link to confirm: the notice that it is confirmed.
    const mails = await outbox.to(member.email)
    assert.lengthOf(mails, 1)
    assert.match(mails[0].subject, /^Your signature is confirmed/)
    await member.refresh()
    assert.equal(member.signaturesCount, 1)

    // The stranger's link neither confirms nor counts it a second time.
    await client.post(strangersLink).withCsrfToken().redirects(0)
    await signatureCounter.flush()
    assert.deepEqual(await countsOf(petition), { support: 1, oppose: 0 })
    const page = await client.get(`/petition/${petition.slug}`).withInertia().loginAs(member)
    assert.isString(page.inertiaProps.whenISignedThisPetition)
  })

  test('an unverified member’s unconfirmed signature taken over by a guest leaves the member’s count', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const member = await makeMember({ email: 'ivan@example.org', role: ROLE_UNVERIFIED })
    await sign(client, petition, {}, member)
    await member.refresh()
    assert.equal(member.signaturesCount, 1)

    await sign(client, petition, { email: 'Ivan@Example.org' })
    const [row] = await signatureRows(petition)
    assert.isNull(row.user_id)
    await member.refresh()
    assert.equal(member.signaturesCount, 0)
  })

  test('a confirmed signature is never replaced, by a guest or by a member', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await sign(client, petition, { email: 'olena@example.org' })
    await client.post(await latestLink('olena@example.org')).withCsrfToken()
    const member = await makeMember({ email: 'olena@example.org' })

    // A guest is answered as a first signer; the verified member, whose mailbox it is, is told.
    const guest = await sign(client, petition, {
      firstName: 'Mallory',
      email: 'olena+again@example.org',
    })
    assert.equal(
      swalOf(guest).info?.payload,
      en.t('page.sign.confirm_text', { email: 'olena+again@example.org' })
    )
    const own = await sign(client, petition, {}, member)
    assert.equal(flashed(own, 'messages', 'warning'), en.t('page.sign.already_signed'))
    for (const response of [guest, own]) assert.isUndefined(swalOf(response).success)
    const rows = await signatureRows(petition)
    assert.lengthOf(rows, 1)
    assert.containSubset(rows[0], { first_name: 'Olena', user_id: null })
    // The link, the notice that it is confirmed, and the notice that the address signed again.
    assert.sameMembers(
      (await outbox.read()).map((mail) => mail.subject.split(':')[0]),
      ['Confirm your signature', 'Your signature is confirmed', 'You have already signed']
    )
    await signatureCounter.flush()
    assert.deepEqual(await countsOf(petition), { support: 1, oppose: 0 })
  })
})

// Concurrent requests need committed rows: no shared test transaction here.
test.group('Signs racing over an unconfirmed signature', (group) => {
  group.each.setup(() => emptiedAfterwards())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('signs racing over one unconfirmed signature leave one row and never a 500', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await sign(client, petition, { email: 'same@example.org', firstName: 'First' })
    const member = await makeMember({ email: 'same@example.org' })
    const responses = await Promise.all([
      sign(client, petition, { email: 'same+a@example.org', firstName: 'Second' }),
      sign(client, petition, {}, member),
      sign(client, petition, { email: 'same+b@example.org', firstName: 'Third' }),
    ])
    for (const response of responses) assert.isBelow(response.status(), 500)
    assert.lengthOf(await signatureRows(petition), 1)

    // The member's sign replaces whatever a guest left and is counted, once.
    const [row] = await signatureRows(petition)
    assert.equal(row.user_id, member.id)
    assert.isNotNull(row.confirmed_at)
    await signatureCounter.flush()
    assert.deepEqual(await countsOf(petition), { support: 1, oppose: 0 })
    await member.refresh()
    assert.equal(member.signaturesCount, 1)
  })
})

test.group('A lost confirmation mail', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('signing again re-sends the link, three mails a day per address and petition', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const other = await PetitionFactory.apply('published').with('user').create()
    const first = await sign(client, petition, { email: 'olena@example.org' })
    for (const lastName of ['Kovalenko', 'Kovalchuk']) {
      const again = await sign(client, petition, { email: 'olena@example.org', lastName })
      assert.deepEqual(swalOf(again), swalOf(first))
    }
    const thirdLink = await latestLink('olena@example.org')
    assert.lengthOf(await outbox.to('olena@example.org'), 3)

    // A fourth try the same day sends nothing and changes nothing, answered in the page's
    // language as a first signature is: whoever typed the address learns nothing of it.
    const fourth = await sign(client, petition, {
      email: 'olena@example.org',
      lastName: 'Shevchenko',
    }).header('host', 'uk.undersign.test')
    assert.isUndefined(flashed(fourth, 'messages', 'warning'))
    assert.deepEqual(swalOf(fourth).info, {
      title: uk.t('page.petition_page.almost_done_title'),
      payload: uk.t('page.sign.confirm_text', { email: 'olena@example.org' }),
    })
    assert.lengthOf(await outbox.to('olena@example.org'), 3)
    const [row] = await signatureRows(petition)
    assert.equal(row.last_name, 'Kovalchuk')

    // The last link mailed still confirms; another petition has its own allowance.
    await client.post(thirdLink).withCsrfToken()
    await signatureCounter.flush()
    assert.deepEqual(await countsOf(petition), { support: 1, oppose: 0 })
    assert.lengthOf(await outbox.to('olena@example.org'), 4, 'the notice that it is confirmed')
    const elsewhere = await sign(client, other, { email: 'olena@example.org' })
    assert.isDefined(swalOf(elsewhere).info)
    assert.lengthOf(await outbox.to('olena@example.org'), 5)
  })
})

test.group('Pruning unconfirmed signatures', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the daily job deletes unconfirmed signatures older than 7 days; fresh and confirmed ones stay', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const member = await makeMember({ role: ROLE_UNVERIFIED, signaturesCount: 1 })
    const daysAgo = (days: number) => DateTime.utc().minus({ days })
    const stale = await SignatureFactory.apply('unconfirmed')
      .merge({ petitionId: petition.id })
      .create()
    const staleOfMember = await SignatureFactory.apply('unconfirmed')
      .merge({ petitionId: petition.id, userId: member.id, email: member.email })
      .create()
    const fresh = await SignatureFactory.apply('unconfirmed')
      .merge({ petitionId: petition.id })
      .create()
    const confirmedOld = await SignatureFactory.merge({
      petitionId: petition.id,
      confirmedAt: daysAgo(29),
    }).create()
    const dated: Array<[Signature, DateTime]> = [
      [stale, daysAgo(8)],
      [staleOfMember, daysAgo(8)],
      [fresh, daysAgo(6)],
      [confirmedOld, daysAgo(30)],
    ]
    for (const [signature, createdAt] of dated) {
      await db
        .from('signatures')
        .where('id', signature.id)
        .update({ created_at: createdAt.toFormat(db.connection().dialect.dateTimeFormat) })
    }
    const countsBefore = await countsOf(petition)

    await new PruneUnconfirmedSignaturesJob().execute()

    const left = (await signatureRows(petition)).map((row) => row.id)
    assert.sameMembers(left, [fresh.id, confirmedOld.id])
    assert.deepEqual(await countsOf(petition), countsBefore)
    await member.refresh()
    assert.equal(member.signaturesCount, 0)
  })
})
