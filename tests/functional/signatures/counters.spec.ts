import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ace from '@adonisjs/core/services/ace'
import Petition from '#models/petition'
import PetitionsRecount from '../../../commands/petitions_recount.js'
import { insertSignatureRows } from '#database/seeders/signature_rows'
import { SignatureCounter, signatureCounter } from '#services/signatures/counter'
import { makePetition, countsOf } from '#tests/helpers/signatures'

test.group('Signature counters', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => signatureCounter.discard())

  test('deltas reach the petition by themselves within the flush interval', async ({ assert }) => {
    const { petition } = await makePetition()
    const counter = new SignatureCounter(200)
    counter.add(petition.id, 1, 1)
    counter.add(petition.id, 1, 1)
    counter.add(petition.id, -1, 1)
    counter.add(petition.id, 1, -1)
    assert.deepEqual(await countsOf(petition), { support: 0, oppose: 0 })
    await new Promise((resolve) => setTimeout(resolve, 600))
    assert.deepEqual(await countsOf(petition), { support: 1, oppose: 1 })
    assert.equal(counter.pendingPetitions, 0)
  })

  test('reaching the target makes the petition successful once', async ({ assert }) => {
    const { petition } = await makePetition({ targetSignatures: 100 })
    const counter = new SignatureCounter()
    for (let index = 0; index < 99; index++) counter.add(petition.id, 1, 1)
    await counter.flush()
    assert.isNull((await Petition.findOrFail(petition.id)).succeededAt)
    counter.add(petition.id, 1, 1)
    await counter.flush()
    const succeededAt = (await Petition.findOrFail(petition.id)).succeededAt
    assert.isNotNull(succeededAt)
    counter.add(petition.id, 1, 1)
    await counter.flush()
    assert.equal(
      (await Petition.findOrFail(petition.id)).succeededAt?.toISO(),
      succeededAt?.toISO()
    )
  })

  test('petitions:recount rebuilds the counters from the rows', async ({ assert }) => {
    const { petition } = await makePetition({ allowOpposite: true, targetSignatures: 100 })
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
