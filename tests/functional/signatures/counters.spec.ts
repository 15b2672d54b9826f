import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ace from '@adonisjs/core/services/ace'
import Petition from '#models/petition'
import PetitionsRecount from '../../../commands/petitions_recount.js'
import { insertSignatureRows } from '#database/seeders/signature_rows'
import db from '@adonisjs/lucid/services/db'
import { SignatureCounter, signatureCounter } from '#runtime/signatures/counter'
import { countSignature } from '#runtime/signatures/count_deltas'
import { endTurn, takeTurn } from '#runtime/signatures/counter_turn'
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

/** Waits until `check` holds, 5 s at most. */
async function eventually(check: () => Promise<boolean>) {
  for (let waited = 0; waited < 100 && !(await check()); waited++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The site's counter turn, taken as another process's flush would take it, until `endTurn`. */
async function holdTurn(intervalMs: number) {
  const takenAt = Date.now()
  const turn = await db.transaction((trx) => takeTurn(trx, takenAt, intervalMs))
  if (!turn.taken) throw new Error('the turn was not free')
  return { takenAt, until: turn.until }
}

test.group('Signature counters | one turn across processes', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // Each test starts with the turn free.
  group.each.setup(async () => {
    await db.from('signature_counter_turns').update({ next_at: 0 })
  })

  test('a turn is taken once until it is given back, then free an interval after it began', async ({
    assert,
  }) => {
    const first = await holdTurn(1000)
    const meanwhile = await db.transaction((trx) => takeTurn(trx, Date.now(), 1000))
    assert.isFalse(meanwhile.taken)
    // Taken for its lease: ask again within the interval.
    assert.equal(!meanwhile.taken && meanwhile.retryInMs, 1000)

    await endTurn(first.takenAt, first.until, 1000)
    const early = await db.transaction((trx) => takeTurn(trx, first.takenAt + 400, 1000))
    assert.isFalse(early.taken)
    assert.closeTo(!early.taken ? early.retryInMs : 0, 600, 50)
    const onTime = await db.transaction((trx) => takeTurn(trx, first.takenAt + 1000, 1000))
    assert.isTrue(onTime.taken)
  })

  test('a turn whose news took longer than the interval is free as soon as it is given back', async ({
    assert,
  }) => {
    const first = await holdTurn(100)
    await new Promise((resolve) => setTimeout(resolve, 250))
    await endTurn(first.takenAt, first.until, 100)
    assert.isTrue((await db.transaction((trx) => takeTurn(trx, Date.now(), 100))).taken)
  })

  test('a turn given back after another process took it over is left to that one', async ({
    assert,
  }) => {
    const first = await holdTurn(1000)
    // The first holder's lease ran out (it looked dead): another process took the turn.
    const later = first.until + 1
    const second = await db.transaction((trx) => takeTurn(trx, later, 1000))
    assert.isTrue(second.taken)
    await endTurn(first.takenAt, first.until, 1000)
    const row = await db.from('signature_counter_turns').where('id', 1).firstOrFail()
    assert.equal(Number(row.next_at), second.taken ? second.until : -1)
  })

  test('an emptied turns table gives the turn to the first who asks', async ({ assert }) => {
    await db.from('signature_counter_turns').delete()
    assert.isTrue((await db.transaction((trx) => takeTurn(trx, Date.now(), 1000))).taken)
    assert.isFalse((await db.transaction((trx) => takeTurn(trx, Date.now(), 1000))).taken)
  })

  test('a scheduled flush waits for the turn another process holds, then counts', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const counter = new SignatureCounter(100)
    const held = await holdTurn(100)
    await record(petition.id, [[1, 1]])
    counter.wake()
    await new Promise((resolve) => setTimeout(resolve, 400))
    assert.deepEqual(await countsOf(petition), { support: 0, oppose: 0 })
    assert.equal(await pendingDeltas(), 1)

    await endTurn(held.takenAt, held.until, 100)
    await eventually(async () => (await pendingDeltas()) === 0)
    assert.deepEqual(await countsOf(petition), { support: 1, oppose: 0 })
  })

  test('a flush asked for (a command, the shutdown) counts whoever holds the turn', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await holdTurn(1000)
    await record(petition.id, [
      [1, 1],
      [-1, 1],
    ])
    await new SignatureCounter().flush()
    assert.deepEqual(await countsOf(petition), { support: 1, oppose: 1 })
  })
})
