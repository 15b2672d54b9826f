import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import PruneUnconfirmedSignaturesJob from '#jobs/prune_unconfirmed_signatures_job'
import { makeMember } from '#tests/helpers/auth'
import { countsOf, signatureRows } from '#tests/helpers/signatures'
import { restoreClock, setClock } from '#tests/helpers/clock'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const START = DateTime.fromISO('2031-03-10T09:00:00Z', { zone: 'utc' })

test.group('Unconfirmed signatures: deleted 7 days after signing', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => () => restoreClock())

  test('the daily job takes the unconfirmed signatures whose week is over, and nothing else', async ({
    assert,
  }) => {
    setClock(START)
    const petition = await PetitionFactory.apply('published').with('user').create()
    const other = await PetitionFactory.apply('published').with('user').create()
    const member = await makeMember({ signaturesCount: 1 })
    const pending = await SignatureFactory.apply('unconfirmed')
      .merge({ petitionId: petition.id })
      .create()
    const pendingOfMember = await SignatureFactory.apply('unconfirmed')
      .merge({ petitionId: petition.id, userId: member.id, email: member.email })
      .create()
    const confirmed = await SignatureFactory.merge({ petitionId: petition.id }).create()
    const otherPending = await SignatureFactory.apply('unconfirmed')
      .merge({ petitionId: other.id })
      .create()
    setClock(START.plus({ days: 3 }))
    const later = await SignatureFactory.apply('unconfirmed')
      .merge({ petitionId: petition.id })
      .create()
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
