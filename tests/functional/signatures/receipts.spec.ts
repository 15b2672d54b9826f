import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import type Petition from '#models/petition'
import type User from '#models/user'
import { makeMember } from '#tests/helpers/auth'
import { sign, signatureRows } from '#tests/helpers/signatures'
import { signatureCounter } from '#runtime/signatures/counter'
import { LOG_LEAVES } from '#runtime/transparency/log_tables'
import { commitmentOf } from '#support/receipts'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const RECEIPT = /^(\d+)\.([A-Za-z0-9_-]{22})$/

function mySignatures(client: ApiClient, member: User) {
  return client.get('/my/signatures').withInertia().loginAs(member)
}

/** The member's signature on the petition: its stored secret. */
async function secretOf(petition: Petition, email: string) {
  const rows = await signatureRows(petition)
  const row = rows.find((signature) => signature.email === email)
  if (!row?.receipt_secret) throw new Error(`no receipt secret for ${email}`)
  return String(row.receipt_secret)
}

/** The receipt read: its leaf is the signature's `add`, whose commitment hashes the secret. */
async function assertReceiptOf(assert: any, receipt: unknown, secret: string) {
  assert.isString(receipt)
  const [, index, inReceipt] = RECEIPT.exec(receipt as string) ?? []
  assert.equal(inReceipt, secret)
  const leaf = await db.from(LOG_LEAVES).where('leaf_index', Number(index)).first()
  assert.equal(leaf.event, 'add')
  assert.equal(leaf.commitment, commitmentOf(secret))
}

test.group('Signature receipts', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('My signatures links the member’s own counted signatures to their receipts, and nobody else’s', async ({
    client,
    assert,
  }) => {
    const olena = await makeMember({ email: 'olena@example.org' })
    const ivan = await makeMember({ email: 'ivan@example.org' })
    const petition = await PetitionFactory.apply('published').with('user').create()
    const other = await PetitionFactory.apply('published').with('user').create()
    await sign(client, petition, { email: olena.email }, olena)
    await sign(client, petition, { email: ivan.email }, ivan)
    // Waiting for its link: no receipt.
    await SignatureFactory.apply('unconfirmed')
      .merge({ petitionId: other.id, email: olena.email })
      .create()

    // In the log once the flush (a second away) has moved the counts.
    await signatureCounter.flush()
    const olenaSecret = await secretOf(petition, olena.email)
    const ivanSecret = await secretOf(petition, ivan.email)
    const page = await mySignatures(client, olena)
    const [unconfirmed, counted] = page.inertiaProps.signatures.data as any[]
    assert.isFalse(unconfirmed.confirmed)
    assert.isNull(unconfirmed.receipt)
    await assertReceiptOf(assert, counted.receipt, olenaSecret)
    assert.notInclude(JSON.stringify(page.body()), ivanSecret)

    // Ivan's page has his own receipt, never Olena's secret.
    const his = await mySignatures(client, ivan)
    const [row] = his.inertiaProps.signatures.data as any[]
    await assertReceiptOf(assert, row.receipt, ivanSecret)
    assert.notInclude(JSON.stringify(his.body()), olenaSecret)
  })

  test('the petition page gives the signer their receipt once the flush has logged it; no one else sees it', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'olena@example.org' })
    const petition = await PetitionFactory.apply('published').with('user').create()
    await sign(client, petition, { email: member.email }, member)
    const page = () => client.get(`/petition/${petition.slug}`).withInertia().loginAs(member)

    // In the log once the flush (a second away) has moved the count.
    await signatureCounter.flush()
    const secret = await secretOf(petition, member.email)
    const after = await page()
    assert.containSubset(after.inertiaProps.mySignature, { status: 'confirmed', guest: false })
    await assertReceiptOf(assert, after.inertiaProps.mySignature.receipt, secret)

    // A partial reload asks for it alone, as the page does while waiting.
    const partial = await client
      .get(`/petition/${petition.slug}`)
      .withInertia()
      .withInertiaPartialReload('Petition/Show', ['mySignature'])
      .loginAs(member)
    assert.notProperty(partial.inertiaProps, 'petition')
    assert.equal(partial.inertiaProps.mySignature.receipt, after.inertiaProps.mySignature.receipt)

    // Another member and a guest: not a trace of the secret.
    const other = await makeMember({ email: 'ivan@example.org' })
    const asOther = await client.get(`/petition/${petition.slug}`).withInertia().loginAs(other)
    assert.isNull(asOther.inertiaProps.mySignature)
    assert.notInclude(JSON.stringify(asOther.body()), secret)
    const asGuest = await client.get(`/petition/${petition.slug}`)
    assert.notInclude(asGuest.text(), secret)
  })
})
