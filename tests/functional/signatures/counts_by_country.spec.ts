import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import Signature from '#models/signature'
import type Petition from '#models/petition'
import { signPetition, type SignInput } from '#services/signatures/signing'
import { confirmSignature } from '#services/signatures/confirmation'
import { withdrawSignature } from '#services/signatures/withdrawal'
import { setSignatureActive } from '#services/signatures/management'
import { SignatureCounter, signatureCounter } from '#runtime/signatures/counter'
import { recountSignatures } from '#services/signatures/recount'
import { UNKNOWN_COUNTRY } from '#shared/countries'
import { emptiedAfterwards } from '#tests/helpers/database'
import { countsOf } from '#tests/helpers/signatures'
import { outbox } from '#tests/helpers/outbox'
import { PetitionFactory } from '#database/factories/petition_factory'

const COUNTRIES = ['PT', 'BR', 'UA', 'DE', 'FR', 'ES', 'IT', 'PL', 'VA', 'GB']
const SIGNERS = 1000

/** The counts by country the counter keeps, as `{ country: support + oppose }`. */
async function keptByCountry(petition: Petition) {
  const rows = await db
    .from('petition_country_signatures')
    .where('petition_id', petition.id)
    .select('country', 'support', 'oppose')
  return Object.fromEntries(
    rows
      .map((row) => [String(row.country), Number(row.support) + Number(row.oppose)] as const)
      .filter(([, count]) => count !== 0)
  ) as Record<string, number>
}

/** The same, counted from the signature rows: confirmed and active ones. */
async function countedByCountry(petition: Petition) {
  const rows = await db
    .from('signatures')
    .where('petition_id', petition.id)
    .where('active', true)
    .whereNotNull('confirmed_at')
    .groupBy('country')
    .select('country')
    .count('* as total')
  return Object.fromEntries(
    rows.map((row) => [String(row.country ?? UNKNOWN_COUNTRY), Number(row.total)] as const)
  ) as Record<string, number>
}

function signInput(index: number): SignInput {
  return {
    firstName: 'Maria',
    lastName: 'Santos',
    email: `signer${index}@example.org`,
    country: COUNTRIES[index % COUNTRIES.length],
    support: index % 4 !== 0,
    customFields: [],
  } as SignInput
}

/**
 * What happens to signature `index` after it is signed: most are confirmed,
 * some of those withdrawn, deactivated by the owner, or deactivated and
 * reactivated; some are never confirmed.
 */
async function lifeOf(index: number, signature: Signature, petition: Petition) {
  if (index % 9 === 4) return
  await confirmSignature(signature)
  const fresh = await Signature.findOrFail(signature.id)
  if (index % 7 === 1) await withdrawSignature(fresh)
  else if (index % 6 === 2) await setSignatureActive(petition.user, petition, fresh.id, false)
  else if (index % 11 === 3) {
    await setSignatureActive(petition.user, petition, fresh.id, false)
    await setSignatureActive(petition.user, petition, fresh.id, true)
  }
}

test.group('Counts by country', (group) => {
  group.each.setup(() => emptiedAfterwards())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('stay exact after 1,000 concurrent signatures with confirmations, withdrawals and deactivations mixed in', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published', 'withOpposition')
      .with('user')
      .create()
    await petition.load('user')

    // Flushes of two counters (as two processes) run all along.
    let signing = true
    const flushing = (async () => {
      const other = new SignatureCounter()
      while (signing) {
        await Promise.all([signatureCounter.flush(), other.flush()])
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })()
    await Promise.all(
      Array.from({ length: SIGNERS }, async (_, index) => {
        const outcome = await signPetition(petition, signInput(index), {
          user: null,
          locale: 'pt',
        })
        assert.isTrue(outcome.signed)
        if (outcome.signed) await lifeOf(index, outcome.signature, petition)
      })
    )
    signing = false
    await flushing
    await signatureCounter.flush()

    const counted = await countedByCountry(petition)
    assert.deepEqual(await keptByCountry(petition), counted)
    assert.sameMembers(Object.keys(counted), COUNTRIES)
    const { support, oppose } = await countsOf(petition)
    const total = Object.values(counted).reduce((sum, count) => sum + count, 0)
    assert.equal(support + oppose, total)
    assert.isAbove(total, 500)
    // Nothing for the recount to correct.
    assert.deepEqual(await recountSignatures(petition.id), { petitions: 1, changed: 0 })
  })

  test('recorded changes left by a crash are counted per country by the next flush', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signatures = []
    for (let index = 0; index < 30; index++) {
      const outcome = await signPetition(petition, signInput(index), { user: null, locale: 'uk' })
      if (outcome.signed) signatures.push(outcome.signature)
    }
    // Confirmed, but their process died before its flush: only the deltas are stored.
    await Promise.all(signatures.map((signature) => confirmSignature(signature)))
    // Grouped per petition, country and side: what they add up to is the 30 confirmations.
    const [pending] = await db
      .from('signature_count_deltas')
      .select(db.raw('SUM(support) + SUM(oppose) AS total'))
    assert.equal(Number(pending.total), 30)
    assert.deepEqual(await keptByCountry(petition), {})

    // The next process's counter, at boot.
    await new SignatureCounter().flush()
    assert.deepEqual(await keptByCountry(petition), await countedByCountry(petition))
    assert.deepEqual(
      await keptByCountry(petition),
      Object.fromEntries(COUNTRIES.map((c) => [c, 3]))
    )
  })

  test('petitions:recount rebuilds wrong counts by country, signatures without one as unknown', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    for (let index = 0; index < 12; index++) {
      const outcome = await signPetition(petition, signInput(index), { user: null, locale: 'de' })
      if (outcome.signed) await confirmSignature(outcome.signature)
    }
    await signatureCounter.flush()
    // Two signed before the form asked for a country; a count gone wrong.
    await db.from('signatures').where('email', 'signer0@example.org').update({ country: null })
    await db.from('signatures').where('email', 'signer1@example.org').update({ country: null })
    await db
      .from('petition_country_signatures')
      .where({ petition_id: petition.id, country: 'UA' })
      .update({ support: 40 })

    assert.deepEqual(await recountSignatures(petition.id), { petitions: 1, changed: 1 })
    assert.deepEqual(await keptByCountry(petition), {
      [UNKNOWN_COUNTRY]: 2,
      UA: 1,
      DE: 1,
      FR: 1,
      ES: 1,
      IT: 1,
      PL: 1,
      VA: 1,
      GB: 1,
      PT: 1,
      BR: 1,
    })
    assert.deepEqual(await recountSignatures(petition.id), { petitions: 1, changed: 0 })
  })
})
