import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ace from '@adonisjs/core/services/ace'
import Petition from '#models/petition'
import PetitionsRecount from '../../../commands/petitions_recount.js'
import { insertSignatureRows } from '#database/seeders/signature_rows'
import db from '@adonisjs/lucid/services/db'
import { SignatureCounter, countSignature, signatureCounter } from '#services/signatures/counter'
import { countsOf } from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'

/** Records deltas of one petition as a confirmation or an owner's click would. */
async function record(petitionId: number, deltas: Array<[score: number, direction: 1 | -1]>) {
  await db.transaction(async (trx) => {
    for (const [score, direction] of deltas)
      await countSignature(trx, { petitionId: petitionId, score: score, country: null }, direction)
  })
}

async function pendingDeltas() {
  const [row] = await db.from('signature_count_deltas').count('* as total')
  return Number(row.total)
}

test.group('Signature counters', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('recorded deltas reach the petition by themselves within the flush interval', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await record(petition.id, [
      [1, 1],
      [1, 1],
      [-1, 1],
      [1, -1],
    ])
    assert.deepEqual(await countsOf(petition), { support: 0, oppose: 0 })
    for (let waited = 0; waited < 50 && (await pendingDeltas()) > 0; waited++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    assert.deepEqual(await countsOf(petition), { support: 1, oppose: 1 })
    assert.equal(await pendingDeltas(), 0)
  })

  test('a rolled-back change records no delta', async ({ assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await db
      .transaction(async (trx) => {
        await countSignature(trx, { petitionId: petition.id, score: 1, country: null }, 1)
        throw new Error('the change fails after counting')
      })
      .catch(() => {})
    await signatureCounter.flush()
    assert.equal(await pendingDeltas(), 0)
    assert.deepEqual(await countsOf(petition), { support: 0, oppose: 0 })
  })

  test('two flushes at once apply each delta once', async ({ assert }) => {
    const petition = await PetitionFactory.apply('published', 'withOpposition')
      .with('user')
      .create()
    await record(
      petition.id,
      Array.from({ length: 30 }, (_, index): [number, 1] => [index % 3 === 0 ? -1 : 1, 1])
    )
    await Promise.all([signatureCounter.flush(), new SignatureCounter().flush()])
    assert.deepEqual(await countsOf(petition), { support: 20, oppose: 10 })
    assert.equal(await pendingDeltas(), 0)
  })

  test('reaching the target makes the petition successful once', async ({ assert }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ targetSignatures: 100 })
      .with('user')
      .create()
    await record(
      petition.id,
      Array.from({ length: 99 }, (): [number, 1] => [1, 1])
    )
    await signatureCounter.flush()
    assert.isNull((await Petition.findOrFail(petition.id)).succeededAt)
    await record(petition.id, [[1, 1]])
    await signatureCounter.flush()
    const succeededAt = (await Petition.findOrFail(petition.id)).succeededAt
    assert.isNotNull(succeededAt)
    await record(petition.id, [[1, 1]])
    await signatureCounter.flush()
    assert.equal(
      (await Petition.findOrFail(petition.id)).succeededAt?.toISO(),
      succeededAt?.toISO()
    )
  })

  test('petitions:recount rebuilds the counters from the rows', async ({ assert }) => {
    const petition = await PetitionFactory.apply('published', 'withOpposition')
      .merge({ targetSignatures: 100 })
      .with('user')
      .create()
    await insertSignatureRows(petition.id, 120, { opposeEvery: 10 })
    await insertSignatureRows(petition.id, 5, { from: 500, confirmed: false })
    await Petition.query().where('id', petition.id).update({ support_count: 3, oppose_count: 999 })

    ace.ui.switchMode('raw')
    const command = await ace.create(PetitionsRecount, [])
    await command.exec()
    command.assertSucceeded()
    command.assertLogMatches(/recounted, 1 corrected/)
    assert.deepEqual(await countsOf(petition), { support: 108, oppose: 12 })
    assert.isNotNull((await Petition.findOrFail(petition.id)).succeededAt)
  })
})
