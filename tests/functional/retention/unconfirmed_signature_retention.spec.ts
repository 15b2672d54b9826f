import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import PruneUnconfirmedSignaturesJob from '#jobs/prune_unconfirmed_signatures_job'
import { makeMember } from '#tests/helpers/auth'
import { addSignature, countsOf, makePetition, signatureRows } from '#tests/helpers/signatures'
import { restoreClock, setClock } from '#tests/helpers/clock'

const START = DateTime.fromISO('2031-03-10T09:00:00Z', { zone: 'utc' })

test.group('Unconfirmed signatures: deleted 7 days after signing', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => () => restoreClock())

  test('the daily job takes the unconfirmed signatures whose week is over, and nothing else', async ({
    assert,
  }) => {
    setClock(START)
    const { petition } = await makePetition()
    const { petition: other } = await makePetition()
    const member = await makeMember({ signaturesCount: 1 })
    const pending = await addSignature(petition, { confirmedAt: null })
    const pendingOfMember = await addSignature(petition, {
      confirmedAt: null,
      userId: member.id,
      email: member.email,
    })
    const confirmed = await addSignature(petition)
    const otherPending = await addSignature(other, { confirmedAt: null })
    setClock(START.plus({ days: 3 }))
    const later = await addSignature(petition, { confirmedAt: null })
    const countsBefore = await countsOf(petition)
    const ids = async () => [
      ...(await signatureRows(petition)).map((row) => row.id),
      ...(await signatureRows(other)).map((row) => row.id),
    ]

    setClock(START.plus({ days: 7 }).minus({ hours: 1 }))
    await new PruneUnconfirmedSignaturesJob().execute()
    assert.sameMembers(await ids(), [
      pending.id,
      pendingOfMember.id,
      confirmed.id,
      otherPending.id,
      later.id,
    ])

    setClock(START.plus({ days: 7, hours: 1 }))
    await new PruneUnconfirmedSignaturesJob().execute()
    await new PruneUnconfirmedSignaturesJob().execute()
    assert.sameMembers(await ids(), [confirmed.id, later.id])
    await member.refresh()
    assert.equal(member.signaturesCount, 0)

    setClock(START.plus({ days: 10, hours: 1 }))
    await new PruneUnconfirmedSignaturesJob().execute()
    assert.sameMembers(await ids(), [confirmed.id])
    assert.deepEqual(await countsOf(petition), countsBefore)
  })
})
