import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { PetitionFactory } from '#database/factories/petition_factory'
import PaperSignatureBatch from '#models/paper_signature_batch'
import Signature from '#models/signature'
import { decidePaperBatch } from '#services/petitions/paper_signatures'
import { invalidateSignatures, undoInvalidation } from '#services/fraud/invalidation'
import { setSignatureActive } from '#services/signatures/management'
import { withdrawSignature } from '#services/signatures/withdrawal'
import { recountSignatures } from '#services/signatures/recount'
import { treeHeadSigner } from '#runtime/transparency/tree_heads'
import { makeModerator } from '#tests/helpers/moderation'
import { emptiedAfterwards } from '#tests/helpers/database'
import { bytesOf, readPdf } from '#tests/helpers/pdf'
import { confirmationPath, sign, signatureRows } from '#tests/helpers/signatures'
import {
  auditLog,
  consistent,
  openDataAgainstLog,
  settleLog,
  type AuditedLog,
} from '#tests/helpers/transparency_log'
import limiter from '@adonisjs/limiter/services/main'
import { base64Decode, commitmentOf, parseReceipt } from '../../../log-verifier/verifier.js'
import { receiptsOf } from '#services/transparency/petition_log'
import type { ApiClient } from '@japa/api-client'
import type Petition from '#models/petition'

const NO_FILTER = {
  network: null,
  domain: null,
  from: null,
  to: null,
  unconfirmed: false,
  upToId: null,
}

/** A guest signs with `email` and opens the mailed link: the signature counts. */
async function signAndConfirm(
  client: ApiClient,
  petition: Petition,
  email: string,
  support = true
) {
  ;(await sign(client, petition, { email, support })).assertStatus(302)
  const row = (await signatureRows(petition)).find((candidate) => candidate.email === email)
  ;(await client.post(confirmationPath(row)).withCsrfToken().redirects(0)).assertStatus(302)
  return Signature.findOrFail(row.id)
}

test.group('Transparency log', (group) => {
  group.each.setup(() => emptiedAfterwards())
  group.each.setup(() => limiter.clear())

  test('counts from the leaves equal open data through every way a count moves', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ allowOpposite: true })
      .with('user')
      .create()
    await petition.load('user')
    const owner = petition.user
    const moderator = await makeModerator()
    const heads: AuditedLog['head'][] = []
    const check = async (step: string) => {
      await settleLog()
      const log = await auditLog(client)
      heads.push(log.head)
      const { open, logged } = await openDataAgainstLog(client, petition.slug, log)
      assert.deepEqual(logged, open, `after ${step}`)
      return log
    }

    const signatures: Signature[] = []
    for (const name of ['ada', 'bob', 'cyd', 'dan']) {
      signatures.push(await signAndConfirm(client, petition, `${name}@example.org`))
    }
    await signAndConfirm(client, petition, 'eve@example.org', false)
    await signAndConfirm(client, petition, 'spam1@spam.test')
    await signAndConfirm(client, petition, 'spam2@spam.test')
    let log = await check('signing and confirming')
    assert.deepEqual(log.counts.get(petition.guid), { support: 6, oppose: 1, paper: 0 })
    // Online signatures' leaves carry a commitment, never a name, an address or a network.
    for (const leaf of log.leaves) {
      assert.match(leaf.commitment ?? '', /^[A-Za-z0-9_-]{43}$/)
      assert.notMatch(JSON.stringify(leaf), /example\.org|spam\.test|Olena|Koval/)
    }

    await withdrawSignature(signatures[0])
    await check('a withdrawal')
    await setSignatureActive(owner, petition, signatures[1].id, false)
    await check('the owner switching one off')
    await setSignatureActive(owner, petition, signatures[1].id, true)
    await check('the owner switching it on again')
    const invalidation = await invalidateSignatures(
      moderator,
      petition,
      { ...NO_FILTER, domain: 'spam.test' },
      'A bot farm'
    )
    assert.isNotNull(invalidation)
    await check('a bulk invalidation')
    await undoInvalidation(moderator, petition, invalidation!.id)
    await check('its undoing')
    const batch = await PaperSignatureBatch.create({
      petitionId: petition.id,
      recordedBy: petition.userId,
      signatures: 120,
      place: 'Market square',
      collectedOn: (await import('luxon')).DateTime.utc(),
      photoPath: null,
      status: 'pending',
    })
    await decidePaperBatch(moderator, petition, batch.id, 'verify', null)
    log = await check('a paper batch verified')
    assert.deepEqual(log.counts.get(petition.guid), { support: 125, oppose: 1, paper: 120 })
    await decidePaperBatch(moderator, petition, batch.id, 'reject', 'The sheets were copied')
    log = await check('the batch rejected')
    assert.deepEqual(log.counts.get(petition.guid), { support: 5, oppose: 1, paper: 0 })
    assert.includeMembers(
      log.leaves.map((leaf) => leaf.event),
      ['add', 'remove', 'paper', 'paper-remove']
    )

    // A recount with nothing to correct appends nothing.
    const size = log.head.treeSize
    await recountSignatures(petition.id)
    await settleLog()
    assert.equal((await auditLog(client)).head.treeSize, size)

    // Each head is a prefix of the next: the log only grew.
    for (let index = 1; index < heads.length; index++) {
      assert.isTrue(await consistent(client, heads[index - 1], heads[index]))
    }
  })

  test('a receipt names its leaf; a forged one does not match it', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signature = await signAndConfirm(client, petition, 'ada@example.org')
    await settleLog()
    const receipt = (await receiptsOf([signature.receiptSecret])).get(signature.receiptSecret!)!
    const parsed = parseReceipt(receipt)!
    const entries = (
      await client.get(`/log/entries?start=${parsed.index}&end=${parsed.index}`)
    ).body()
    const leaf = JSON.parse(new TextDecoder().decode(base64Decode(entries[0].leaf)))
    assert.equal(leaf.commitment, await commitmentOf(parsed.secret))
    assert.equal(leaf.petition, petition.guid)
    // Someone else's secret, or one changed by a character, names another commitment.
    const forged = parsed.secret.slice(0, -2) + (parsed.secret.endsWith('A') ? 'BA' : 'AA')
    assert.notEqual(leaf.commitment, await commitmentOf(forged))
    // The secret is the signer's alone: no public answer carries it.
    const open = await client.get(`/petition/${petition.slug}.json`)
    const ofPetition = await client.get(`/petition/${petition.slug}/log.json`)
    for (const body of [open.text(), ofPetition.text(), JSON.stringify(entries)]) {
      assert.notInclude(body, parsed.secret)
    }
    assert.include(ofPetition.body().leaves, parsed.index)
    assert.equal(ofPetition.body().treeSize, parsed.index + 1)

    // The leaves of one commitment: the receipt's, then its removal once withdrawn.
    await withdrawSignature(signature)
    await settleLog()
    const ofCommitment = await client.get(`/log/commitments/${leaf.commitment}`)
    const events = ofCommitment.body().map((entry: { leaf: string }) => {
      return JSON.parse(new TextDecoder().decode(base64Decode(entry.leaf))).event
    })
    assert.deepEqual(events, ['add', 'remove'])
    assert.equal(ofCommitment.body()[0].index, parsed.index)
    assert.equal((await client.get('/log/commitments/not-a-commitment')).status(), 404)
  })

  test('two tree heads of one size never differ, and heads come at most every interval', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await signAndConfirm(client, petition, 'ada@example.org')
    await (await import('#runtime/signatures/counter')).signatureCounter.flush()
    const signed = await Promise.all([
      treeHeadSigner.sign({ ignoreInterval: true }),
      treeHeadSigner.sign({ ignoreInterval: true }),
      treeHeadSigner.sign({ ignoreInterval: true }),
    ])
    const heads = await db.from('transparency_log_heads').select('*')
    assert.lengthOf(heads, 1)
    assert.lengthOf(
      signed.filter((attempt) => attempt.signed !== null),
      1
    )
    // A new leaf soon after: the next head waits for the interval.
    await signAndConfirm(client, petition, 'bob@example.org')
    await (await import('#runtime/signatures/counter')).signatureCounter.flush()
    const early = await treeHeadSigner.sign()
    assert.isNull(early.signed)
    assert.isAbove(early.retryInMs!, 0)
    const sizes = (await client.get('/log/sths'))
      .body()
      .treeHeads.map((head: { treeSize: number }) => head.treeSize)
    assert.deepEqual(sizes, [1])
  })

  test('bad parameters are refused with a 400, never a server error', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await signAndConfirm(client, petition, 'ada@example.org')
    await settleLog()
    for (const path of [
      '/log/entries?start=5&end=1',
      '/log/entries?start=-1&end=1',
      '/log/entries?start=x&end=1',
      '/log/proof/inclusion?index=1&treeSize=1',
      '/log/proof/inclusion?index=0&treeSize=99',
      '/log/proof/consistency?first=2&second=1',
      '/log/proof/consistency?first=1&second=99999999999999999999',
      '/log/sths?after=1.5',
    ]) {
      const response = await client.get(path)
      assert.equal(response.status(), 400, path)
    }
    assert.equal((await client.get('/log/sth/7')).status(), 404)
    assert.deepEqual((await client.get('/log/entries?start=3&end=9')).body(), [])
  })

  test('the delivery package carries the signed head and how many leaves of the petition it holds', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await petition.load('user')
    for (const name of ['ada', 'bob', 'cyd']) {
      await signAndConfirm(client, petition, `${name}@example.org`)
    }
    await settleLog()
    const { head } = await auditLog(client)
    const response = await client
      .post(`/petition/${petition.guid}/delivery`)
      .form({ paperSize: 'a4', language: 'es' })
      .withCsrfToken()
      .loginAs(petition.user)
      .redirects(0)
    response.assertStatus(200)
    const pdf = await readPdf(bytesOf(response))
    assert.include(pdf.words, 'Compruebe estas cifras')
    assert.include(pdf.words, 'la suma de las 3 entradas de esta petición entre las primeras 3')
    assert.include(pdf.text.replace(/\s+/g, ''), head.rootHash)
    assert.include(pdf.text.replace(/\s+/g, ''), head.signature)
  })

  test('deleting a petition keeps its leaves under its guid', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await signAndConfirm(client, petition, 'ada@example.org')
    await settleLog()
    await petition.delete()
    const { counts } = await auditLog(client)
    assert.deepEqual(counts.get(petition.guid), { support: 1, oppose: 0, paper: 0 })
  })
})
