import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import i18nManager from '@adonisjs/i18n/services/main'
import { makeMember, flashed } from '#tests/helpers/auth'
import { outbox, linkIn } from '#tests/helpers/outbox'
import {
  confirmationPath,
  flushedCountsOf,
  pathOf,
  sign,
  signatureRows,
  swalOf,
  withdrawPath,
} from '#tests/helpers/signatures'
import type Petition from '#models/petition'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'
import { PetitionFactory } from '#database/factories/petition_factory'

const en = i18nManager.locale('en')

/** A guest's signature, confirmed through its mailed link: the withdraw link the mails carried. */
async function confirmedGuestSignature(client: ApiClient, petition: Petition, email: string) {
  await sign(client, petition, { email })
  const [linkMail] = await outbox.to(email)
  const rows = await signatureRows(petition)
  const row = rows.find((candidate) => candidate.email === email)
  await client.post(confirmationPath(row)).withCsrfToken()
  return { row, withdrawLink: pathOf(linkIn(linkMail.html, '/withdraw')) }
}

async function ownersTable(client: ApiClient, petition: Petition, owner: User) {
  const page = await client
    .get(`/petition/${petition.guid}/signatures`)
    .withInertia()
    .loginAs(owner)
  return page.inertiaProps.signatures.data as Array<{ id: number; user: { email: string } }>
}

async function ownersExport(client: ApiClient, petition: Petition, owner: User) {
  const response = await client
    .post(`/petition/${petition.guid}/signatures/download`)
    .withCsrfToken()
    .loginAs(owner)
  return response.text()
}

test.group('Withdrawing a signature from its mailed link', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('the confirmation mail and the notice that it is confirmed both carry the same withdraw link', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const { row, withdrawLink } = await confirmedGuestSignature(
      client,
      petition,
      'olena@example.org'
    )
    const mails = await outbox.to('olena@example.org')
    assert.lengthOf(mails, 2)
    for (const mail of mails) {
      assert.equal(pathOf(linkIn(mail.html, '/withdraw')), withdrawPath(row))
      assert.include(mail.text, 'because this address was used to sign')
    }
    assert.equal(withdrawLink, withdrawPath(row))
  })

  test('opening the link shows the petition and a button, and changes nothing', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'A safe crossing at School 12' })
      .with('user')
      .create()
    const { withdrawLink } = await confirmedGuestSignature(client, petition, 'olena@example.org')

    const page = await client.get(withdrawLink).withInertia()
    page.assertInertiaComponent('Petition/WithdrawSignature')
    assert.equal(page.inertiaProps.withdrawUrl, withdrawLink)
    assert.equal(page.inertiaProps.petition.title, 'A safe crossing at School 12')
    assert.containSubset(page.inertiaProps.signature, { firstName: 'Olena', confirmed: true })
    assert.notInclude(JSON.stringify(page.inertiaProps), 'olena@example.org')

    assert.lengthOf(await signatureRows(petition), 1)
    assert.deepEqual(await flushedCountsOf(petition), { support: 1, oppose: 0 })
  })

  test('its POST deletes the signature: it stops counting and leaves the owner’s table and export', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    const { withdrawLink } = await confirmedGuestSignature(client, petition, 'olena@example.org')
    await confirmedGuestSignature(client, petition, 'taras@example.org')
    assert.deepEqual(await flushedCountsOf(petition), { support: 2, oppose: 0 })
    assert.include(await ownersExport(client, petition, owner), 'olena@example.org')

    const response = await client.post(withdrawLink).withCsrfToken().redirects(0)
    response.assertStatus(302)
    assert.equal(response.header('location'), `/petition/${petition.slug}`)
    assert.equal(swalOf(response).success?.title, 'Signature withdrawn')

    const rows = await signatureRows(petition)
    assert.deepEqual(
      rows.map((row) => row.email),
      ['taras@example.org']
    )
    assert.deepEqual(await flushedCountsOf(petition), { support: 1, oppose: 0 })
    const table = await ownersTable(client, petition, owner)
    assert.deepEqual(
      table.map((row) => row.user.email),
      ['taras@example.org']
    )
    const csv = await ownersExport(client, petition, owner)
    assert.notInclude(csv, 'olena@example.org')
    assert.include(csv, 'taras@example.org')
  })

  test('a second POST, or a forged link, withdraws nothing more', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const { withdrawLink, row } = await confirmedGuestSignature(
      client,
      petition,
      'olena@example.org'
    )
    const other = await confirmedGuestSignature(client, petition, 'taras@example.org')
    await client.post(withdrawLink).withCsrfToken()

    const again = await client.post(withdrawLink).withCsrfToken().redirects(0)
    assert.equal(flashed(again, 'messages', 'error'), en.t('page.withdraw.invalid_link'))
    // Another signature's id under this link's signature; a link without one.
    const url = new URL(withdrawLink, 'http://localhost')
    const forged = [
      `/signature/${other.row.id}/withdraw${url.search}`,
      `/signature/${other.row.id}/withdraw`,
      withdrawPath({ id: other.row.id, confirmation_token: row.confirmation_token }),
    ]
    for (const link of forged) {
      const page = await client.get(link).withInertia()
      assert.isNull(page.inertiaProps.withdrawUrl, link)
      const refused = await client.post(link).withCsrfToken().redirects(0)
      assert.equal(flashed(refused, 'messages', 'error'), en.t('page.withdraw.invalid_link'), link)
    }
    assert.lengthOf(await signatureRows(petition), 1)
    assert.deepEqual(await flushedCountsOf(petition), { support: 1, oppose: 0 })
  })

  test('the link of a signature replaced by a later signer withdraws nothing', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await sign(client, petition, { email: 'olena@example.org', firstName: 'Stranger' })
    const [first] = await signatureRows(petition)
    const strangersLink = withdrawPath(first)
    await sign(client, petition, { email: 'olena@example.org', firstName: 'Olena' })

    await client.post(strangersLink).withCsrfToken()
    const [row] = await signatureRows(petition)
    assert.equal(row.first_name, 'Olena')
  })

  test('an unconfirmed or deactivated signature is withdrawn without moving the counts', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    await sign(client, petition, { email: 'waiting@example.org' })
    const { row: deactivated } = await confirmedGuestSignature(client, petition, 'off@example.org')
    await confirmedGuestSignature(client, petition, 'counted@example.org')
    await client
      .patch(`/petition/${petition.guid}/signatures/${deactivated.id}`)
      .json({ active: false })
      .withCsrfToken()
      .loginAs(owner)
    assert.deepEqual(await flushedCountsOf(petition), { support: 1, oppose: 0 })

    const rows = await signatureRows(petition)
    for (const email of ['waiting@example.org', 'off@example.org']) {
      const row = rows.find((candidate) => candidate.email === email)
      await client.post(withdrawPath(row)).withCsrfToken()
    }
    assert.lengthOf(await signatureRows(petition), 1)
    assert.deepEqual(await flushedCountsOf(petition), { support: 1, oppose: 0 })
  })

  test('a member’s withdrawn signature lowers their count, and they may sign again', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published', 'withOpposition')
      .with('user')
      .create()
    const member = await makeMember()
    await sign(client, petition, { support: false }, member)
    const [row] = await signatureRows(petition)
    assert.deepEqual(await flushedCountsOf(petition), { support: 0, oppose: 1 })

    await client.post(withdrawPath(row)).withCsrfToken()
    await member.refresh()
    assert.equal(member.signaturesCount, 0)
    assert.deepEqual(await flushedCountsOf(petition), { support: 0, oppose: 0 })
    const page = await client.get(`/petition/${petition.slug}`).withInertia().loginAs(member)
    assert.isNull(page.inertiaProps.whenISignedThisPetition)

    await sign(client, petition, {}, member)
    assert.deepEqual(await flushedCountsOf(petition), { support: 1, oppose: 0 })
  })

  test('a guest withdrawing forgets the cookie that showed them as a signer', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signed = await sign(client, petition, { email: 'olena@example.org' })
    const cookie = signed.cookie('signed_petitions')
    assert.isDefined(cookie)
    const [row] = await signatureRows(petition)

    const response = await client
      .post(withdrawPath(row))
      .withCsrfToken()
      .withCookie('signed_petitions', cookie!.value)
      .redirects(0)
    const after = response.cookie('signed_petitions')
    assert.isDefined(after)
    assert.notProperty(after!.value, String(petition.id))
  })
})
