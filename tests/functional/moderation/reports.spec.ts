import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import PetitionReport from '#models/petition_report'
import type Petition from '#models/petition'
import type User from '#models/user'
import { makeMember, flashed } from '#tests/helpers/auth'
import { newGuid } from '#tests/helpers/petitions'
import { assertFieldError, fieldErrors } from '#tests/helpers/validation'
import { goodToken, requireTurnstile } from '#tests/helpers/turnstile_stub'
import { PetitionFactory } from '#database/factories/petition_factory'

/** A report of `petition` from a client address (the tests' proxy names it), as a guest or a member. */
function report(
  client: ApiClient,
  petition: Petition,
  form: Record<string, string>,
  {
    ip = '198.51.100.7',
    member,
    host = 'undersign.test',
  }: { ip?: string; member?: User; host?: string } = {}
) {
  const request = client
    .post(`/petition/${petition.guid}/report`)
    .header('x-forwarded-for', ip)
    .header('host', host)
    .header('referer', `http://${host}/petition/${petition.slug}`)
    .form(form)
    .withCsrfToken()
    .redirects(0)
  return member ? request.loginAs(member) : request
}

const reportsOf = (petition: Petition) =>
  PetitionReport.query().where('petition_id', petition.id).orderBy('id')

test.group('Reporting a petition', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a guest reports a petition once; another address may report it too', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const first = await report(client, petition, { reason: 'spam', note: '  Sells watches.  ' })
    first.assertStatus(302)
    first.assertHeader('location', `http://undersign.test/petition/${petition.slug}`)
    assert.match(flashed(first, 'alerts', 'success')!, /moderators will review/)

    const again = await report(client, petition, { reason: 'hate' })
    again.assertStatus(302)
    assert.match(flashed(again, 'alerts', 'info')!, /already reported/)

    await report(client, petition, { reason: 'misleading' }, { ip: '203.0.113.9' })
    const stored = await reportsOf(petition)
    assert.deepEqual(
      stored.map((row) => [row.reason, row.note, row.reporterId, row.locale]),
      [
        ['spam', 'Sells watches.', null, 'en'],
        ['misleading', null, null, 'en'],
      ]
    )
    // A guest is known by a keyed hash of the address, never by the address.
    assert.match(stored[0].reporterKey, /^guest:[0-9a-f]{40}$/)
    assert.notEqual(stored[0].reporterKey, stored[1].reporterKey)
    assert.notInclude(JSON.stringify(stored.map((row) => row.$attributes)), '198.51.100.7')
  })

  test('a member has one open report per petition, from any address', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const member = await makeMember()
    const first = await report(client, petition, { reason: 'personal_data' }, { member })
    assert.match(flashed(first, 'alerts', 'success')!, /moderators will review/)
    const elsewhere = await report(
      client,
      petition,
      { reason: 'spam' },
      { member, ip: '192.0.2.50' }
    )
    assert.match(flashed(elsewhere, 'alerts', 'info')!, /already reported/)
    const stored = await reportsOf(petition)
    assert.lengthOf(stored, 1)
    assert.equal(stored[0].reporterId, member.id)
    assert.equal(stored[0].reporterKey, `user:${member.id}`)
  })

  test('a closed report no longer counts against a new one', async ({ assert, client }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await report(client, petition, { reason: 'spam' })
    for (const closed of await reportsOf(petition)) {
      closed.resolvedAt = DateTime.utc()
      await closed.save()
    }
    const next = await report(client, petition, { reason: 'spam' })
    assert.match(flashed(next, 'alerts', 'success')!, /moderators will review/)
    assert.lengthOf(await reportsOf(petition), 2)
  })

  test('bad input gets translated errors under its fields and stores nothing', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const missing = await report(client, petition, {}, { host: 'es.undersign.test' })
    assertFieldError(missing, 'reason')
    assert.equal(fieldErrors(missing).reason[0], 'Elige un motivo')

    const unknown = await report(client, petition, { reason: 'boring' })
    assertFieldError(unknown, 'reason')

    const other = await report(
      client,
      petition,
      { reason: 'other', note: '  ' },
      { host: 'de.undersign.test' }
    )
    assertFieldError(other, 'note')
    assert.equal(
      fieldErrors(other).note[0],
      'Bitte sagen Sie, was mit dieser Petition nicht stimmt'
    )

    const long = await report(client, petition, { reason: 'spam', note: 'x'.repeat(2001) })
    assertFieldError(long, 'note')
    assert.lengthOf(await reportsOf(petition), 0)
  })

  test('a draft or an unknown petition cannot be reported', async ({ assert, client }) => {
    const draft = await PetitionFactory.with('user').create()
    const response = await report(client, draft, { reason: 'spam' })
    response.assertStatus(404)
    const unknown = await client
      .post(`/petition/${newGuid()}/report`)
      .form({ reason: 'spam' })
      .withCsrfToken()
      .redirects(0)
    unknown.assertStatus(404)
    assert.lengthOf(await reportsOf(draft), 0)
  })

  test('a guest passes the bot check when one is configured; a member does not need it', async ({
    assert,
    client,
    cleanup,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await requireTurnstile(cleanup)
    const refused = await report(client, petition, {
      reason: 'spam',
      cfTurnstileResponse: 'bad-token',
    })
    assertFieldError(refused, 'cfTurnstileResponse')
    assert.lengthOf(await reportsOf(petition), 0)
    const accepted = await report(client, petition, {
      reason: 'spam',
      cfTurnstileResponse: goodToken('report'),
    })
    assert.isDefined(flashed(accepted, 'alerts', 'success'))
    const member = await makeMember()
    const byMember = await report(client, petition, { reason: 'hate' }, { member })
    assert.isDefined(flashed(byMember, 'alerts', 'success'))
    assert.lengthOf(await reportsOf(petition), 2)
  })

  test('reports are limited per address and per member, with a translated 429', async ({
    assert,
    client,
  }) => {
    const petitions = await PetitionFactory.apply('published').with('user').createMany(11)
    for (const petition of petitions.slice(0, 10)) {
      ;(await report(client, petition, { reason: 'spam' })).assertStatus(302)
    }
    const limited = await report(client, petitions[10], { reason: 'spam' })
    limited.assertStatus(429)
    assert.lengthOf(await reportsOf(petitions[10]), 0)

    // A member moving between addresses is counted as one.
    const member = await makeMember()
    for (const [index, petition] of petitions.slice(0, 10).entries()) {
      const response = await report(
        client,
        petition,
        { reason: 'hate' },
        { member, ip: `192.0.2.${index + 1}` }
      )
      response.assertStatus(302)
    }
    const memberLimited = await report(
      client,
      petitions[10],
      { reason: 'hate' },
      { member, ip: '192.0.2.200' }
    )
    memberLimited.assertStatus(429)
  })
})
