import { test } from '@japa/runner'
import { queriesDuring } from '#tests/helpers/database'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { ROLE_MODERATOR } from '#models/user'
import { moderatePetition } from '#services/moderation/petition_actions'
import { pauseSigning } from '#services/fraud/rule_changes'
import { makeMember } from '#tests/helpers/auth'
import { confirmationPath, sign } from '#tests/helpers/signatures'
import { signatureCounter } from '#runtime/signatures/counter'
import { PetitionFactory } from '#database/factories/petition_factory'

/** How many times `action` reads the petitions table. */
const petitionReads = async (action: () => Promise<unknown>) =>
  (await queriesDuring(action)).filter((sql) => /^select .* from [`"]?petitions[`"]? /i.test(sql))
    .length

const storedEmails = async (petitionId: number) =>
  (await db.from('signatures').where('petition_id', petitionId).orderBy('id')).map(
    (row) => row.email
  )

test.group('The petition a sign is for, reused', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    env.set('PETITION_PAGE_CACHE_MS', 60_000)
    return () => env.set('PETITION_PAGE_CACHE_MS', 0)
  })

  test("guests' signs read the petition once, confirmations too; a moderator's closing stops the next one at once", async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').create()
    const first = await petitionReads(() => sign(client, petition, { email: 'ana@example.org' }))
    const second = await petitionReads(() => sign(client, petition, { email: 'bo@example.org' }))
    assert.isAbove(first, 0)
    assert.equal(second, 0, 'the second sign reuses the petition')

    // A confirmation and a counter flush move its signatures, not what a sign reads.
    const [row] = await db.from('signatures').where('petition_id', petition.id)
    await client.post(confirmationPath(row)).withCsrfToken()
    await signatureCounter.flush()
    const third = await petitionReads(() => sign(client, petition, { email: 'di@example.org' }))
    assert.equal(third, 0, 'a confirmation and a flush keep the copy')

    const moderator = await makeMember({ role: ROLE_MODERATOR })
    assert.isTrue(await moderatePetition(moderator, petition.id, 'close', 'Spam'))
    const refused = await sign(client, petition, { email: 'cy@example.org' })
    assert.equal(refused.status(), 302)
    assert.deepEqual(await storedEmails(petition.id), [
      'ana@example.org',
      'bo@example.org',
      'di@example.org',
    ])
  })

  test("a moderator's pause reaches the next guest's sign at once", async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').create()
    await sign(client, petition, { email: 'ana@example.org' })
    const moderator = await makeMember({ role: ROLE_MODERATOR })
    assert.isNotNull(await pauseSigning(moderator, petition.id, '1h', 'A burst from one network'))
    await sign(client, petition, { email: 'bo@example.org' })
    const row = await db.from('signatures').where('email', 'bo@example.org').firstOrFail()
    assert.equal(row.blocked_rule, 'signing_pause')
  })

  test('a member signs with the petition as it is now, not a copy', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').create()
    await sign(client, petition, { email: 'ana@example.org' })
    // Closed behind the app's back, as another process's write would be before its message arrives.
    await db.from('petitions').where('id', petition.id).update({ finished: true })
    const member = await makeMember({ email: 'member@example.org' })
    await sign(client, petition, { email: 'member@example.org' }, member)
    assert.deepEqual(await storedEmails(petition.id), ['ana@example.org'])
  })
})
