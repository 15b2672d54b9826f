import { test } from '@japa/runner'
import type { Group } from '@japa/runner/core'
import { DateTime } from 'luxon'
import type { ApiResponse } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import BlockedEmailDomain from '#models/blocked_email_domain'
import BlockedNetwork from '#models/blocked_network'
import ModerationEvent from '#models/moderation_event'
import Signature from '#models/signature'
import { networkHash } from '#support/signer_traces'
import { makeMember } from '#tests/helpers/auth'
import { makeModerator } from '#tests/helpers/moderation'
import { fieldErrors } from '#tests/helpers/validation'
import { outbox } from '#tests/helpers/outbox'
import {
  confirmationPath,
  flushedCountsOf,
  sign,
  signatureRows,
  swalOf,
} from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'
import type User from '#models/user'
import { forgetSigningRules } from '#runtime/caches/process_caches'

/** What a signer learns from the answer: its status, where it leads, and what it flashes (addresses aside). */
function answerOf(response: ApiResponse, email: string) {
  return {
    status: response.status(),
    location: response.header('location'),
    flash: JSON.stringify(swalOf(response)).replaceAll(email, '<email>'),
  }
}

async function blockDomain(domain: string, moderator?: User) {
  await BlockedEmailDomain.create({ domain, reason: 'spam wave', createdBy: moderator?.id ?? null })
  forgetSigningRules()
}

/** Each test in a transaction rolled back after it, with no rule, limit or mail left from another. */
function startsWithoutRules(group: Group) {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    forgetSigningRules()
    await limiter.clear()
    await outbox.clear()
    return () => forgetSigningRules()
  })
}

test.group('Signing rules: stopped signatures', (group) => {
  startsWithoutRules(group)

  test('a blocked and a sub-domain signature get the same answer and mail, and never count', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await blockDomain('spam-wave.test')
    const normal = await sign(client, petition, { email: 'olena@example.org' })
    const expected = answerOf(normal, 'olena@example.org')
    for (const email of ['bot@spam-wave.test', 'bot@eu.mx.spam-wave.test']) {
      const response = await sign(client, petition, { email })
      assert.deepEqual(answerOf(response, email), expected, email)
      assert.lengthOf(await outbox.to(email), 1, `the confirmation mail to ${email}`)
    }
    const rows = await signatureRows(petition)
    assert.deepEqual(
      rows.map((row) => [row.email, Boolean(row.active), row.blocked_rule]),
      [
        ['olena@example.org', true, null],
        ['bot@spam-wave.test', false, 'blocked_domain'],
        ['bot@eu.mx.spam-wave.test', false, 'blocked_domain'],
      ]
    )
    // Every link confirmed: only the unblocked one counts.
    for (const row of rows) {
      await client.post(confirmationPath(row)).withCsrfToken().redirects(0)
    }
    assert.deepEqual(await flushedCountsOf(petition), { support: 1, oppose: 0 })
    const confirmed = await Signature.query()
      .where('petition_id', petition.id)
      .whereNotNull('confirmed_at')
    assert.lengthOf(confirmed, 3)
  })

  test('a domain that only ends like a blocked one is not blocked', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await blockDomain('wave.test')
    await sign(client, petition, { email: 'ann@spam-wave.test' })
    const [row] = await signatureRows(petition)
    assert.isNull(row.blocked_rule)
    assert.isTrue(Boolean(row.active))
  })

  test("a verified member's blocked signature is confirmed at once but not counted", async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await blockDomain('spam-wave.test')
    const member = await makeMember({ email: 'ivan@spam-wave.test' })
    const response = await sign(client, petition, {}, member)
    response.assertStatus(302)
    const [row] = await signatureRows(petition)
    assert.isNotNull(row.confirmed_at)
    assert.equal(row.blocked_rule, 'blocked_domain')
    assert.isFalse(Boolean(row.active))
    assert.lengthOf(await outbox.to('ivan@spam-wave.test'), 1, 'the notice that it is confirmed')
    assert.deepEqual(await flushedCountsOf(petition), { support: 0, oppose: 0 })
  })

  test('a blocked network stops signatures until its expiry, then they count again', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const block = await BlockedNetwork.create({
      networkHash: networkHash('127.0.0.1')!,
      reason: 'burst',
      expiresAt: DateTime.utc().plus({ hours: 1 }),
    })
    forgetSigningRules()
    await sign(client, petition, { email: 'one@example.org' })
    // Expired now: no job needed, the same snapshot stops applying it.
    block.expiresAt = DateTime.utc().minus({ seconds: 1 })
    await block.save()
    forgetSigningRules()
    await sign(client, petition, { email: 'two@example.org' })
    const rows = await signatureRows(petition)
    assert.deepEqual(
      rows.map((row) => row.blocked_rule),
      ['blocked_network', null]
    )
    for (const row of rows) await client.post(confirmationPath(row)).withCsrfToken()
    assert.deepEqual(await flushedCountsOf(petition), { support: 1, oppose: 0 })
  })

  test('a paused petition takes signatures as usual and counts none of them', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ signingPausedAt: DateTime.utc().minus({ minutes: 5 }), signingPausedUntil: null })
      .with('user')
      .create()
    const response = await sign(client, petition, { email: 'olena@example.org' })
    response.assertStatus(302)
    assert.lengthOf(await outbox.to('olena@example.org'), 1)
    const [row] = await signatureRows(petition)
    assert.equal(row.blocked_rule, 'signing_pause')
    await client.post(confirmationPath(row)).withCsrfToken()
    assert.deepEqual(await flushedCountsOf(petition), { support: 0, oppose: 0 })

    // A pause whose time has passed stops nothing.
    petition.signingPausedUntil = DateTime.utc().minus({ minutes: 1 })
    await petition.save()
    await sign(client, petition, { email: 'ivan@example.org' })
    const [, after] = await signatureRows(petition)
    assert.isNull(after.blocked_rule)
  })

  test("replacing an unconfirmed signature records the new signer's rule", async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    // The first signer is stopped (a pause); the replacing one is not.
    petition.signingPausedAt = DateTime.utc()
    await petition.save()
    await sign(client, petition, { email: 'olena@example.org' })
    petition.signingPausedAt = null
    await petition.save()
    await sign(client, petition, { email: 'olena@example.org', firstName: 'Other' })
    const rows = await signatureRows(petition)
    assert.lengthOf(rows, 1)
    assert.isNull(rows[0].blocked_rule)
    assert.isTrue(Boolean(rows[0].active))
    await client.post(confirmationPath(rows[0])).withCsrfToken()
    assert.deepEqual(await flushedCountsOf(petition), { support: 1, oppose: 0 })

    // And the other way round: a blocked replacement is stopped.
    await sign(client, petition, { email: 'ivan@example.org' })
    petition.signingPausedAt = DateTime.utc()
    await petition.save()
    await sign(client, petition, { email: 'ivan@example.org', firstName: 'Bot' })
    const [, replaced] = await signatureRows(petition)
    assert.equal(replaced.first_name, 'Bot')
    assert.equal(replaced.blocked_rule, 'signing_pause')
    assert.isFalse(Boolean(replaced.active))
  })

  test('the owner cannot reactivate a stopped signature, and sees only that it is stopped', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signature = await SignatureFactory.merge({
      petitionId: petition.id,
      active: false,
      blockedRule: 'blocked_network',
    }).create()
    const response = await client
      .patch(`/petition/${petition.guid}/signatures/${signature.id}`)
      .json({ active: true })
      .withCsrfToken()
      .loginAs(petition.user)
      .redirects(0)
    response.assertStatus(302)
    await signature.refresh()
    assert.isFalse(signature.active)
    assert.deepEqual(await flushedCountsOf(petition), { support: 0, oppose: 0 })

    const page = await client
      .get(`/petition/${petition.guid}/signatures`)
      .withInertia()
      .loginAs(petition.user)
    const [row] = page.inertiaProps.signatures.data
    assert.isTrue(row.stoppedByRules)
    assert.notProperty(row, 'blockedRule')
    assert.notInclude(JSON.stringify(page.inertiaProps), 'blocked_network')
  })
})

test.group('Signing rules: the moderators\u2019 page and actions', (group) => {
  startsWithoutRules(group)

  test('a domain blocked over HTTP stops the very next signature, and is audited', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const moderator = await makeModerator()
    // The snapshot is loaded before the change.
    await sign(client, petition, { email: 'first@rapid.test' })
    const response = await client
      .post('/moderation/rules/domains')
      .form({ domain: '@Rapid.TEST', reason: 'A wave of fake signatures' })
      .withCsrfToken()
      .loginAs(moderator)
      .redirects(0)
    response.assertStatus(302)
    await sign(client, petition, { email: 'second@rapid.test' })
    const rows = await signatureRows(petition)
    assert.deepEqual(
      rows.map((row) => row.blocked_rule),
      [null, 'blocked_domain']
    )
    const event = await ModerationEvent.findByOrFail('action', 'email_domain_blocked')
    assert.equal(event.subject, 'rapid.test')
    assert.equal(event.reason, 'A wave of fake signatures')
    assert.equal(event.actorId, moderator.id)

    const blocked = await BlockedEmailDomain.findByOrFail('domain', 'rapid.test')
    await client
      .delete(`/moderation/rules/domains/${blocked.id}`)
      .withCsrfToken()
      .loginAs(moderator)
      .redirects(0)
      .then((answer) => answer.assertStatus(302))
    await sign(client, petition, { email: 'third@rapid.test' })
    assert.isNull((await signatureRows(petition))[2].blocked_rule)
    assert.exists(await ModerationEvent.findBy('action', 'email_domain_unblocked'))
  })

  test('a network is blocked by its hash or by a typed address, which is never kept', async ({
    client,
    assert,
  }) => {
    const moderator = await makeModerator()
    const post = (network: string) =>
      client
        .post('/moderation/rules/networks')
        .form({ network, duration: '1h', reason: 'Burst of signatures' })
        .withCsrfToken()
        .loginAs(moderator)
        .redirects(0)
    ;(await post('203.0.113.77')).assertStatus(302)
    const hash = networkHash('203.0.113.1')!
    const [row] = await BlockedNetwork.all()
    assert.equal(row.networkHash, hash)
    const expires = row.expiresAt.diffNow('minutes').minutes
    assert.isAbove(expires, 58)
    assert.isBelow(expires, 61)
    // Blocking it again sets its new end: still one row.
    ;(await post(hash)).assertStatus(302)
    assert.lengthOf(await BlockedNetwork.all(), 1)
    const events = await ModerationEvent.query().where('action', 'network_blocked')
    assert.lengthOf(events, 2)
    assert.notInclude(JSON.stringify(events.map((event) => event.serialize())), '203.0.113')

    const page = await client.get('/moderation/rules').withInertia().loginAs(moderator)
    page.assertInertiaComponent('Moderation/Rules')
    assert.deepEqual(
      page.inertiaProps.networks.map((network: { networkHash: string }) => network.networkHash),
      [hash]
    )
    assert.isAbove(page.inertiaProps.keptListSize, 1000)
  })

  test('the rules page tells whether a domain is on the kept list', async ({ client, assert }) => {
    const moderator = await makeModerator()
    const listed = await client
      .get('/moderation/rules?check=eu.mailinator.com')
      .withInertia()
      .loginAs(moderator)
    assert.deepEqual(listed.inertiaProps.check, {
      domain: 'eu.mailinator.com',
      listed: true,
      exempted: false,
    })
    const unlisted = await client
      .get('/moderation/rules?check=example.org')
      .withInertia()
      .loginAs(moderator)
    assert.deepEqual(unlisted.inertiaProps.check, {
      domain: 'example.org',
      listed: false,
      exempted: false,
    })
    const wrong = await client
      .get('/moderation/rules?check=not%20a%20domain')
      .header('referer', '/moderation/rules')
      .loginAs(moderator)
      .redirects(0)
    assert.equal(fieldErrors(wrong).check[0], 'Please enter a domain name, such as example.org')
  })

  test('the link of a trend row fills the network to block, and anything but a hash is ignored', async ({
    client,
    assert,
  }) => {
    const moderator = await makeModerator()
    const hash = networkHash('198.51.100.7')!
    const given = await client
      .get(`/moderation/rules?network=${hash}`)
      .withInertia()
      .loginAs(moderator)
    assert.equal(given.inertiaProps.networkToBlock, hash)
    const address = await client
      .get('/moderation/rules?network=198.51.100.7')
      .withInertia()
      .loginAs(moderator)
    assert.equal(address.inertiaProps.networkToBlock, '')
  })

  test('a moderator pauses and resumes a petition, audited, and its page says so', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const moderator = await makeModerator()
    const pause = await client
      .post(`/moderation/petitions/${petition.id}/signing-pause`)
      .form({ duration: '24h', reason: 'Under attack' })
      .withCsrfToken()
      .loginAs(moderator)
      .redirects(0)
    pause.assertStatus(302)
    await petition.refresh()
    assert.isNotNull(petition.signingPausedAt)
    assert.approximately(petition.signingPausedUntil!.diffNow('hours').hours, 24, 0.1)
    await sign(client, petition, { email: 'bot@example.org' })

    const page = await client
      .get(`/moderation/petitions/${petition.id}`)
      .withInertia()
      .loginAs(moderator)
    assert.isTrue(page.inertiaProps.signingRules.paused)
    assert.equal(page.inertiaProps.signingRules.stopped.signing_pause, 1)
    assert.equal(page.inertiaProps.signingRules.stopped.blocked_domain, 0)

    const resume = await client
      .delete(`/moderation/petitions/${petition.id}/signing-pause`)
      .withCsrfToken()
      .loginAs(moderator)
      .redirects(0)
    resume.assertStatus(302)
    await petition.refresh()
    assert.isNull(petition.signingPausedAt)
    const actions = await ModerationEvent.query()
      .where('petition_id', petition.id)
      .orderBy('id')
      .select('action', 'reason')
    assert.deepEqual(
      actions.map((event) => [event.action, event.reason]),
      [
        ['signing_paused', 'Under attack'],
        ['signing_resumed', null],
      ]
    )
  })

  test('each form reports its errors under its fields, translated', async ({ client, assert }) => {
    const moderator = await makeModerator()
    await BlockedEmailDomain.create({ domain: 'taken.test', reason: null, createdBy: null })
    const post = (url: string, data: Record<string, string>) =>
      client
        .post(url)
        .header('referer', '/moderation/rules')
        .form(data)
        .withCsrfToken()
        .loginAs(moderator)
        .redirects(0)
    const domain = await post('/moderation/rules/domains', { domain: 'localhost', reason: '' })
    assert.deepEqual(Object.keys(fieldErrors(domain)).sort(), ['domain', 'reason'])
    assert.equal(fieldErrors(domain).domain[0], 'Please enter a domain name, such as example.org')
    const taken = await post('/moderation/rules/domains', { domain: 'Taken.test', reason: 'again' })
    assert.equal(fieldErrors(taken).domain[0], 'This domain is blocked already')
    const network = await post('/moderation/rules/networks', {
      network: 'not-an-address',
      duration: 'forever',
      reason: 'why',
    })
    assert.equal(fieldErrors(network).network[0], 'Please enter a network hash or an IP address')
    assert.equal(fieldErrors(network).duration[0], 'Please choose how long')
    const petition = await PetitionFactory.apply('published').with('user').create()
    const pause = await client
      .post(`/moderation/petitions/${petition.id}/signing-pause`)
      .header('referer', '/moderation/rules')
      .header('accept-language', 'de')
      .form({ duration: '1h', reason: '' })
      .withCsrfToken()
      .loginAs(moderator)
      .redirects(0)
    assert.property(fieldErrors(pause), 'reason')
    assert.lengthOf(await BlockedNetwork.all(), 0)
  })

  test('nobody but a moderator reaches the rules', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const member = await makeMember()
    const domain = await BlockedEmailDomain.create({
      domain: 'kept.test',
      reason: null,
      createdBy: null,
    })
    const network = await BlockedNetwork.create({
      networkHash: networkHash('198.51.100.1')!,
      reason: null,
      expiresAt: DateTime.utc().plus({ hours: 1 }),
    })
    const writes = [
      client.post('/moderation/rules/domains').form({ domain: 'x.test', reason: 'abc' }),
      client.delete(`/moderation/rules/domains/${domain.id}`),
      client
        .post('/moderation/rules/networks')
        .form({ network: '10.0.0.1', duration: '1h', reason: 'abc' }),
      client.delete(`/moderation/rules/networks/${network.id}`),
      client
        .post(`/moderation/petitions/${petition.id}/signing-pause`)
        .form({ duration: '1h', reason: 'abc' }),
      client.delete(`/moderation/petitions/${petition.id}/signing-pause`),
    ]
    for (const who of [member, petition.user, null]) {
      const page = client.get('/moderation/rules')
      const answer = await (who ? page.loginAs(who) : page)
      answer.assertStatus(404)
    }
    for (const request of writes) {
      const answer = await request.withCsrfToken().loginAs(petition.user).redirects(0)
      answer.assertStatus(403)
    }
    assert.lengthOf(await BlockedEmailDomain.all(), 1)
    assert.lengthOf(await BlockedNetwork.all(), 1)
    await petition.refresh()
    assert.isNull(petition.signingPausedAt)
  })
})
