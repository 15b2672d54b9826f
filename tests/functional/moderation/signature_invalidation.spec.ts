import { test } from '@japa/runner'
import fc from 'fast-check'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type Petition from '#models/petition'
import Signature from '#models/signature'
import type User from '#models/user'
import ModerationEvent from '#models/moderation_event'
import SignatureInvalidation from '#models/signature_invalidation'
import { networkHash } from '#support/signer_traces'
import { SignatureCounter, signatureCounter } from '#runtime/signatures/counter'
import { recountSignatures } from '#services/signatures/recount'
import { confirmSignature } from '#services/signatures/confirmation'
import {
  invalidateSignatures,
  previewInvalidation,
  undoInvalidation,
} from '#services/fraud/invalidation'
import { emptiedAfterwards } from '#tests/helpers/database'
import { withdrawSignature } from '#services/signatures/withdrawal'
import { signPetition, type SignInput } from '#services/signatures/signing'
import { makeMember } from '#tests/helpers/auth'
import { makeModerator } from '#tests/helpers/moderation'
import { countsOf, flushedCountsOf, signatureRows } from '#tests/helpers/signatures'
import { fieldErrors } from '#tests/helpers/validation'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'
import type { ApiClient } from '@japa/api-client'

const BOT_NETWORK = networkHash('203.0.113.9')!
const CROWD_NETWORK = networkHash('198.51.100.7')!

/**
 * A petition with its owner and signatures: 5 confirmed (4 for, 1 against)
 * and 2 unconfirmed from the bots' network at throwaway.test, 3 confirmed
 * from the crowd at example.org, and 1 from the bots the owner removed; its
 * counters as the rows say (4 + 3 for, 1 against).
 */
async function attackedPetition() {
  const petition = await PetitionFactory.apply('published', 'withOpposition').with('user').create()
  await petition.load('user')
  const bot = (index: number) => ({
    petitionId: petition.id,
    networkHash: BOT_NETWORK,
    email: `bot${index}@mx.throwaway.test`,
    emailDomain: 'mx.throwaway.test',
    country: index % 2 ? 'RU' : 'BY',
  })
  await SignatureFactory.merge([bot(1), bot(2), bot(3), bot(4)]).createMany(4)
  await SignatureFactory.apply('opposing').merge(bot(5)).create()
  await SignatureFactory.apply('unconfirmed')
    .merge([bot(6), bot(7)])
    .createMany(2)
  await SignatureFactory.apply('inactive').merge(bot(8)).create()
  await SignatureFactory.merge({ petitionId: petition.id, networkHash: CROWD_NETWORK }).createMany(
    3
  )
  await recountSignatures(petition.id)
  return petition
}

/** The moderation page with a count asked in its query string (a partial reload). */
function countPage(client: ApiClient, moderator: User, petition: Petition, query: string) {
  return client
    .get(`/moderation/petitions/${petition.id}?${query}`)
    .loginAs(moderator)
    .withInertia()
}

async function countOf(client: ApiClient, moderator: User, petition: Petition, query: string) {
  const page = await countPage(client, moderator, petition, query)
  page.assertStatus(200)
  return page.inertiaProps.invalidation
}

function invalidate(
  client: ApiClient,
  moderator: User,
  petition: Petition,
  form: Record<string, unknown>
) {
  return client
    .post(`/moderation/petitions/${petition.id}/invalidations`)
    .header('referer', `/moderation/petitions/${petition.id}`)
    .form(form)
    .withCsrfToken()
    .loginAs(moderator)
    .redirects(0)
}

/** The bot network's signatures, counted first and then invalidated, as a moderator does. */
async function invalidateBotNetwork(client: ApiClient, moderator: User, petition: Petition) {
  const shown = await countOf(client, moderator, petition, `network=${BOT_NETWORK}`)
  return invalidate(client, moderator, petition, {
    network: BOT_NETWORK,
    upToId: shown.count.upToId,
    reason: 'A burst from one network',
  })
}

function undo(client: ApiClient, who: User, petition: Petition, invalidationId: number) {
  return client
    .post(`/moderation/petitions/${petition.id}/invalidations/${invalidationId}/undo`)
    .withCsrfToken()
    .loginAs(who)
    .redirects(0)
}

/** Counts the rows say, and whether the counters agree with them (nothing to recount). */
async function assertCountsExact(assert: { deepEqual: Function }, petition: Petition) {
  await flushedCountsOf(petition)
  assert.deepEqual(await recountSignatures(petition.id), { petitions: 1, changed: 0 })
}

async function invalidationsOfPetition(petition: Petition) {
  const [row] = await db
    .from('signature_invalidations')
    .where('petition_id', petition.id)
    .count('* as total')
  return Number(row.total)
}

async function invalidatedRows(petition: Petition) {
  return db
    .from('signatures')
    .where('petition_id', petition.id)
    .whereNotNull('invalidation_id')
    .orderBy('id')
}

test.group('Moderation: bulk invalidation of signatures', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('shows its count first, changing nothing, and the confirmation marks exactly those', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await attackedPetition()
    assert.deepEqual(await countsOf(petition), { support: 7, oppose: 1 })
    const before = await signatureRows(petition)

    const shown = await countOf(client, moderator, petition, `network=${BOT_NETWORK}`)
    assert.deepEqual(shown.filter, {
      network: BOT_NETWORK,
      domain: '',
      from: '',
      to: '',
      unconfirmed: false,
    })
    assert.include(shown.count, { signatures: 7, counted: 5 })
    assert.deepEqual(shown.errors, {})
    assert.deepEqual(await signatureRows(petition), before)
    assert.equal(await invalidationsOfPetition(petition), 0)

    const response = await invalidate(client, moderator, petition, {
      network: BOT_NETWORK,
      upToId: shown.count.upToId,
      reason: 'A burst from one network',
    })
    response.assertStatus(302)
    response.assertHeader('location', `/moderation/petitions/${petition.id}`)
    const marked = await invalidatedRows(petition)
    assert.lengthOf(marked, shown.count.signatures)
    assert.isTrue(marked.every((row) => !row.active && row.network_hash === BOT_NETWORK))
    // Not deleted: every row is still there.
    assert.lengthOf(await signatureRows(petition), before.length)
    const invalidation = await SignatureInvalidation.findByOrFail('petition_id', petition.id)
    assert.include(invalidation.serialize(), {
      signatures: 7,
      supportRemoved: 4,
      opposeRemoved: 1,
      reason: 'A burst from one network',
      actorName: 'Ines Roth',
    })
    assert.deepEqual(await flushedCountsOf(petition), { support: 3, oppose: 0 })
    await assertCountsExact(assert, petition)

    // The page lists it; its count is spent.
    const page = await countPage(client, moderator, petition, '')
    assert.isNull(page.inertiaProps.invalidation.count)
    assert.lengthOf(page.inertiaProps.invalidations, 1)
    assert.include(page.inertiaProps.invalidations[0], {
      id: invalidation.id,
      signatures: 7,
      counted: 5,
      undoneAt: null,
      actorName: 'Ines Roth',
    })
  })

  test('moves the counts by one delta per country and side', async ({ assert, client }) => {
    const moderator = await makeModerator()
    const petition = await attackedPetition()
    await flushedCountsOf(petition)
    await invalidateBotNetwork(client, moderator, petition)
    // Flushed by the invalidation already: the counts by country follow.
    const byCountry = await db
      .from('petition_country_signatures')
      .where('petition_id', petition.id)
      .orderBy('country')
      .select('country', 'support', 'oppose')
    assert.deepEqual(
      byCountry
        .map((row) => ({ ...row, support: Number(row.support), oppose: Number(row.oppose) }))
        .filter((row) => row.support !== 0 || row.oppose !== 0),
      [{ country: 'UA', support: 3, oppose: 0 }]
    )
  })

  test('is in the audit trail with its filter and count, and so is its undoing', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await attackedPetition()
    const shown = await countOf(client, moderator, petition, 'domain=Throwaway.test&unconfirmed=1')
    assert.include(shown.count, { signatures: 2, counted: 0 })
    await invalidate(client, moderator, petition, {
      domain: '@Throwaway.TEST',
      unconfirmed: true,
      upToId: shown.count.upToId,
      reason: 'Throwaway addresses',
    })
    const invalidation = await SignatureInvalidation.findByOrFail('petition_id', petition.id)
    ;(await undo(client, moderator, petition, invalidation.id)).assertStatus(302)

    const trail = await ModerationEvent.query().where('petition_id', petition.id).orderBy('id')
    assert.deepEqual(
      trail.map((event) => [event.action, event.reason, event.details]),
      [
        [
          'signatures_invalidated',
          'Throwaway addresses',
          {
            invalidationId: invalidation.id,
            filter: {
              network: null,
              domain: 'throwaway.test',
              from: null,
              to: null,
              unconfirmed: true,
              upToId: shown.count.upToId,
            },
            signatures: 2,
            counted: 0,
          },
        ],
        [
          'signatures_restored',
          'Throwaway addresses',
          {
            invalidationId: invalidation.id,
            filter: invalidation.filter,
            signatures: 2,
            counted: 0,
          },
        ],
      ]
    )
    // The log shows them with their details.
    const log = await client.get('/moderation/log').loginAs(moderator).withInertia()
    const entries = log.inertiaProps.entries.data
    assert.deepEqual(
      entries.map((entry: { action: string; details: { signatures: number } }) => [
        entry.action,
        entry.details?.signatures,
      ]),
      [
        ['signatures_restored', 2],
        ['signatures_invalidated', 2],
      ]
    )
  })

  test('undo restores the counts exactly; a second undo changes nothing', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await attackedPetition()
    const before = await signatureRows(petition)
    await invalidateBotNetwork(client, moderator, petition)
    assert.deepEqual(await flushedCountsOf(petition), { support: 3, oppose: 0 })
    const invalidation = await SignatureInvalidation.findByOrFail('petition_id', petition.id)

    ;(await undo(client, moderator, petition, invalidation.id)).assertStatus(302)
    assert.deepEqual(await flushedCountsOf(petition), { support: 7, oppose: 1 })
    await assertCountsExact(assert, petition)
    const rows = await signatureRows(petition)
    assert.deepEqual(
      rows.map((row) => [row.id, Boolean(row.active), row.invalidation_id]),
      before.map((row) => [row.id, Boolean(row.active), null])
    )
    await invalidation.refresh()
    assert.isNotNull(invalidation.undoneAt)
    assert.equal(invalidation.undoneBy, moderator.id)

    // Again: a no-op, counted once, audited once.
    const again = await undo(client, moderator, petition, invalidation.id)
    again.assertStatus(302)
    assert.deepEqual(await flushedCountsOf(petition), { support: 7, oppose: 1 })
    const restored = await ModerationEvent.query()
      .where('petition_id', petition.id)
      .where('action', 'signatures_restored')
    assert.lengthOf(restored, 1)
    // An invalidation of another petition is not found here.
    const other = await PetitionFactory.apply('published').with('user').create()
    ;(await undo(client, moderator, other, invalidation.id)).assertStatus(404)
  })

  test('a second invalidation does not take the rows of the first', async ({ assert, client }) => {
    const moderator = await makeModerator()
    const petition = await attackedPetition()
    const first = await countOf(client, moderator, petition, `network=${BOT_NETWORK}&unconfirmed=1`)
    await invalidate(client, moderator, petition, {
      network: BOT_NETWORK,
      unconfirmed: 'on',
      upToId: first.count.upToId,
      reason: 'Unconfirmed bots',
    })
    // The whole domain now: the unconfirmed ones are taken already.
    const second = await countOf(client, moderator, petition, 'domain=throwaway.test')
    assert.include(second.count, { signatures: 5, counted: 5 })
    await invalidate(client, moderator, petition, {
      domain: 'throwaway.test',
      upToId: second.count.upToId,
      reason: 'Confirmed bots',
    })
    const [one, two] = await SignatureInvalidation.query()
      .where('petition_id', petition.id)
      .orderBy('id')
    const rows = await invalidatedRows(petition)
    assert.equal(rows.filter((row) => row.invalidation_id === one.id).length, 2)
    assert.equal(rows.filter((row) => row.invalidation_id === two.id).length, 5)
    // Undoing the first brings back its own rows only.
    await undo(client, moderator, petition, one.id)
    const left = await invalidatedRows(petition)
    assert.deepEqual(
      left.map((row) => row.invalidation_id),
      [two.id, two.id, two.id, two.id, two.id]
    )
    assert.deepEqual(await flushedCountsOf(petition), { support: 3, oppose: 0 })
    await assertCountsExact(assert, petition)
  })

  test('chooses by signing time in the moderator’s zone, and never beyond what was counted', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await PetitionFactory.apply('published').with('user').create()
    const at = (iso: string) => ({ petitionId: petition.id, createdAt: DateTime.fromISO(iso) })
    await SignatureFactory.merge([
      at('2026-11-20T08:59:00Z'),
      at('2026-11-20T09:00:00Z'),
      at('2026-11-20T09:30:00Z'),
      at('2026-11-20T10:01:00Z'),
    ]).createMany(4)
    await recountSignatures(petition.id)
    // 11:00 to 12:00 in Kyiv (UTC+2 in winter) is 09:00 to 10:00 UTC.
    const query = 'from=2026-11-20T11:00&to=2026-11-20T12:00&timeZone=Europe/Kyiv'
    const shown = await countOf(client, moderator, petition, query)
    assert.include(shown.count, { signatures: 2, counted: 2 })

    // Signed after the count: not taken, though it matches.
    const late = await SignatureFactory.merge(at('2026-11-20T09:45:00Z')).create()
    await invalidate(client, moderator, petition, {
      from: '2026-11-20T11:00',
      to: '2026-11-20T12:00',
      timeZone: 'Europe/Kyiv',
      upToId: shown.count.upToId,
      reason: 'A burst in one hour',
    })
    const marked = await invalidatedRows(petition)
    assert.lengthOf(marked, 2)
    assert.notInclude(
      marked.map((row) => row.id),
      late.id
    )
  })

  test('an owner cannot reactivate an invalidated signature; their table says moderators removed it', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await attackedPetition()
    await invalidateBotNetwork(client, moderator, petition)
    const [row] = await invalidatedRows(petition)
    const response = await client
      .patch(`/petition/${petition.guid}/signatures/${row.id}`)
      .json({ active: true })
      .withCsrfToken()
      .loginAs(petition.user)
      .redirects(0)
    response.assertStatus(302)
    const fresh = await Signature.findOrFail(row.id)
    assert.isFalse(fresh.active)
    assert.equal(fresh.invalidationId, row.invalidation_id)
    assert.deepEqual(await flushedCountsOf(petition), { support: 3, oppose: 0 })

    const table = await client
      .get(`/petition/${petition.guid}/signatures`)
      .loginAs(petition.user)
      .withInertia()
    const shownRows: Array<{ id: number; active: boolean; removedByModerators: boolean }> =
      table.inertiaProps.signatures.data
    const ofRow = shownRows.find((signature) => signature.id === row.id)!
    assert.include(ofRow, { active: false, removedByModerators: true })
    assert.isTrue(
      shownRows
        .filter((signature) => signature.id !== row.id && !signature.active)
        .every((signature) => signature.removedByModerators !== undefined)
    )
    // The owner's own removal is still theirs to undo.
    const ownRemoval = await Signature.query()
      .where('petition_id', petition.id)
      .where('active', false)
      .whereNull('invalidation_id')
      .firstOrFail()
    assert.isFalse(
      shownRows.find((signature) => signature.id === ownRemoval.id)!.removedByModerators
    )
  })

  test('withdrawing an invalidated signature does not subtract it again', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await attackedPetition()
    await invalidateBotNetwork(client, moderator, petition)
    const confirmed = await Signature.query()
      .where('petition_id', petition.id)
      .whereNotNull('invalidation_id')
      .whereNotNull('confirmed_at')
      .firstOrFail()
    assert.isTrue(await withdrawSignature(confirmed))
    assert.deepEqual(await flushedCountsOf(petition), { support: 3, oppose: 0 })
    await assertCountsExact(assert, petition)
    // Its undo brings back the others; the withdrawn one is gone.
    const invalidation = await SignatureInvalidation.findByOrFail('petition_id', petition.id)
    await undo(client, moderator, petition, invalidation.id)
    assert.equal((await flushedCountsOf(petition)).support + (await countsOf(petition)).oppose, 7)
    await assertCountsExact(assert, petition)
  })

  test('signing again over an invalidated unconfirmed signature leaves it out of the counts', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await attackedPetition()
    const member = await makeMember({ email: 'bot6@mx.throwaway.test' })
    const shown = await countOf(client, moderator, petition, 'unconfirmed=1')
    await invalidate(client, moderator, petition, {
      unconfirmed: true,
      upToId: shown.count.upToId,
      reason: 'Never confirmed',
    })
    const input = {
      firstName: 'Bo',
      lastName: 'Tt',
      email: 'bot7@mx.throwaway.test',
      support: true,
      customFields: [],
    } as unknown as SignInput
    // A guest over one, a verified member (confirmed at once) over the other.
    const guest = await signPetition(petition, input, { user: null, locale: 'en' })
    const verified = await signPetition(petition, input, { user: member, locale: 'en' })
    assert.isTrue(guest.signed && guest.replaced)
    assert.isTrue(verified.signed && verified.replaced)
    const rows = await Signature.query()
      .where('petition_id', petition.id)
      .whereIn('email_normalized', ['bot6@mx.throwaway.test', 'bot7@mx.throwaway.test'])
    assert.lengthOf(rows, 2)
    assert.isTrue(rows.every((row) => !row.active && row.invalidationId !== null))
    assert.deepEqual(await flushedCountsOf(petition), { support: 7, oppose: 1 })
    await assertCountsExact(assert, petition)
  })

  test('its undo leaves out a row signed over since by someone a rule stopped', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await attackedPetition()
    const shown = await countOf(client, moderator, petition, 'unconfirmed=1')
    await invalidate(client, moderator, petition, {
      unconfirmed: true,
      upToId: shown.count.upToId,
      reason: 'Never confirmed',
    })
    // Signing is paused: a signer over bot6's row is stopped by the pause.
    await petition.merge({ signingPausedAt: DateTime.utc(), signingPausedUntil: null }).save()
    const input = {
      firstName: 'Bo',
      lastName: 'Tt',
      email: 'bot6@mx.throwaway.test',
      support: true,
      customFields: [],
    } as unknown as SignInput
    const outcome = await signPetition(petition, input, { user: null, locale: 'en' })
    assert.isTrue(outcome.signed && outcome.replaced)
    await petition.merge({ signingPausedAt: null }).save()

    const invalidation = await SignatureInvalidation.findByOrFail('petition_id', petition.id)
    ;(await undo(client, moderator, petition, invalidation.id)).assertStatus(302)
    const rows = await Signature.query()
      .where('petition_id', petition.id)
      .whereIn('email_normalized', ['bot6@mx.throwaway.test', 'bot7@mx.throwaway.test'])
      .orderBy('email_normalized')
    assert.deepEqual(
      rows.map((row) => [row.active, row.invalidationId, row.blockedRule]),
      [
        [false, null, 'signing_pause'],
        [true, null, null],
      ]
    )
    await assertCountsExact(assert, petition)
  })

  test('the public page and open data show the removals, never a signer', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator({ firstName: 'Wilhelmina', lastName: 'Quartermaine' })
    const petition = await attackedPetition()
    await invalidateBotNetwork(client, moderator, petition)
    const unconfirmed = await countOf(client, moderator, petition, 'unconfirmed=1')
    assert.include(unconfirmed.count, { signatures: 0 })

    const page = await client.get(`/petition/${petition.slug}`).withInertia()
    const removals = page.inertiaProps.moderatorRemovals
    assert.lengthOf(removals, 1)
    assert.include(removals[0], { reason: 'A burst from one network', signaturesRemoved: 5 })
    const json = await client.get(`/petition/${petition.slug}.json`)
    json.assertStatus(200)
    assert.equal(json.body().signaturesRemovedByModerators, 5)
    assert.deepEqual(
      json.body().invalidations.map((row: Record<string, unknown>) => Object.keys(row).sort()),
      [['date', 'reason', 'signaturesRemoved', 'undoneAt']]
    )
    // Never an address, a network, a domain or the moderator.
    const emails = (await signatureRows(petition)).map((row) => row.email as string)
    for (const text of [JSON.stringify(page.inertiaProps), json.text()]) {
      for (const secret of [
        ...emails,
        BOT_NETWORK,
        'throwaway.test',
        'Wilhelmina',
        'Quartermaine',
      ]) {
        assert.notInclude(text, secret)
      }
    }

    // Undone: no longer on the page, listed as undone in the open data.
    const invalidation = await SignatureInvalidation.findByOrFail('petition_id', petition.id)
    await undo(client, moderator, petition, invalidation.id)
    const after = await client.get(`/petition/${petition.slug}`).withInertia()
    assert.deepEqual(after.inertiaProps.moderatorRemovals, [])
    const data = (await client.get(`/petition/${petition.slug}.json`)).body()
    assert.equal(data.signaturesRemovedByModerators, 0)
    assert.lengthOf(data.invalidations, 1)
    assert.isNotNull(data.invalidations[0].undoneAt)
  })

  test('anyone but a moderator is refused (403) on every new route, its owner too', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await attackedPetition()
    const member = await makeMember()
    const shown = await countOf(client, moderator, petition, `network=${BOT_NETWORK}`)
    const form = { network: BOT_NETWORK, upToId: shown.count.upToId, reason: 'Bots' }
    await invalidate(client, moderator, petition, form)
    const invalidation = await SignatureInvalidation.findByOrFail('petition_id', petition.id)
    const before = await signatureRows(petition)
    for (const who of [null, member, petition.user]) {
      const post = (path: string, body: Record<string, unknown>) => {
        const request = client.post(path).form(body).withCsrfToken().redirects(0)
        return who ? request.loginAs(who) : request
      }
      ;(await post(`/moderation/petitions/${petition.id}/invalidations`, form)).assertStatus(403)
      ;(
        await post(`/moderation/petitions/${petition.id}/invalidations/${invalidation.id}/undo`, {})
      ).assertStatus(403)
      // The count is on the moderation page: not found for them.
      const page = client.get(`/moderation/petitions/${petition.id}?network=${BOT_NETWORK}`)
      ;(await (who ? page.loginAs(who) : page)).assertStatus(404)
    }
    assert.deepEqual(await signatureRows(petition), before)
    assert.equal(await invalidationsOfPetition(petition), 1)
  })

  test('refuses a filter without a criterion, and bad values, with translated errors', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await attackedPetition()
    const fr = (request: ReturnType<ApiClient['get']>) =>
      request.header('host', 'fr.undersign.test')

    const none = await fr(countPage(client, moderator, petition, 'count=1'))
    assert.isNull(none.inertiaProps.invalidation.count)
    assert.equal(
      none.inertiaProps.invalidation.errors.criteria,
      'Choisissez au moins un critère\u00a0: un réseau, un domaine d’e-mail, une heure ou les non confirmées seulement'
    )
    const bad = await fr(
      countPage(
        client,
        moderator,
        petition,
        'network=abc&from=2026-11-20T12:00&to=2026-11-20T11:00'
      )
    )
    assert.equal(
      bad.inertiaProps.invalidation.errors.network,
      'Une empreinte de réseau compte 22 lettres, chiffres, tirets ou tirets bas'
    )
    const backwards = await fr(
      countPage(client, moderator, petition, 'from=2026-11-20T12:00&to=2026-11-20T11:00')
    )
    assert.equal(
      backwards.inertiaProps.invalidation.errors.to,
      'La fin ne peut pas précéder le début'
    )

    const posted = await invalidate(client, moderator, petition, {
      upToId: 1000,
      reason: 'Bots',
    }).header('host', 'fr.undersign.test')
    posted.assertStatus(302)
    assert.deepEqual(fieldErrors(posted).criteria, [
      'Choisissez au moins un critère\u00a0: un réseau, un domaine d’e-mail, une heure ou les non confirmées seulement',
    ])
    const noCount = await invalidate(client, moderator, petition, {
      network: BOT_NETWORK,
      reason: 'Bots',
    }).header('host', 'fr.undersign.test')
    assert.deepEqual(fieldErrors(noCount).upToId, ['Comptez d’abord les signatures'])
    assert.deepEqual(await flushedCountsOf(petition), { support: 7, oppose: 1 })
    assert.lengthOf(await invalidatedRows(petition), 0)
  })
})

/** Counts kept by country, as `{ country: [support, oppose] }`, non-zero only. */
async function keptByCountry(petition: Petition) {
  const rows = await db
    .from('petition_country_signatures')
    .where('petition_id', petition.id)
    .select('country', 'support', 'oppose')
  return Object.fromEntries(
    rows
      .filter((row) => Number(row.support) !== 0 || Number(row.oppose) !== 0)
      .map((row) => [row.country, [Number(row.support), Number(row.oppose)]])
  )
}

/** The same, counted from the rows: confirmed and active ones. */
async function countedByCountry(petition: Petition) {
  const rows = await db
    .from('signatures')
    .where('petition_id', petition.id)
    .where('active', true)
    .whereNotNull('confirmed_at')
    .select('country', 'score')
  const counts: Record<string, [number, number]> = {}
  for (const row of rows) {
    const count = (counts[row.country] ??= [0, 0])
    count[Number(row.score) > 0 ? 0 : 1]++
  }
  return counts
}

test.group('Moderation: bulk invalidation, fuzzed by a moderator', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('no query string or form gives a 5xx, and a count changes nothing', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await attackedPetition()
    const before = await signatureRows(petition)
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom(BOT_NETWORK, 'throwaway.test', '2026-11-20T11:00', '1', 'on', 'Europe/Kyiv'),
      fc.constantFrom('2026-02-30T25:61', '%', '_', "' OR 1=1 --", '\u0000', '9'.repeat(30))
    )
    const fields = fc.record(
      {
        network: value,
        domain: value,
        from: value,
        to: value,
        unconfirmed: value,
        timeZone: value,
        count: value,
        upToId: fc.oneof(value, fc.integer()),
      },
      { requiredKeys: [] }
    )
    await fc.assert(
      fc.asyncProperty(fields, async (query) => {
        const search = new URLSearchParams(
          Object.entries(query).map(([key, text]): [string, string] => [key, String(text)])
        )
        const page = await countPage(client, moderator, petition, search.toString())
        assert.isBelow(page.status(), 500, page.text().slice(0, 300))
        const posted = await invalidate(client, moderator, petition, { ...query, reason: 'x' })
        assert.isBelow(posted.status(), 500, posted.text().slice(0, 300))
      }),
      { numRuns: 40, seed: 20261127 }
    )
    // Every form had a reason too short: nothing was invalidated.
    assert.deepEqual(await signatureRows(petition), before)
  })
})

test.group('Moderation: bulk invalidation under concurrent signing', (group) => {
  group.each.setup(() => emptiedAfterwards())
  group.each.setup(() => limiter.clear())

  test('moves the counts exactly once while signatures are signed and confirmed', async ({
    assert,
  }) => {
    const moderator = await makeModerator()
    const petition = await PetitionFactory.apply('published', 'withOpposition')
      .with('user')
      .create()
    const COUNTRIES = ['UA', 'PL', 'DE', 'RU']
    const input = (index: number) =>
      ({
        firstName: 'Maria',
        lastName: 'Santos',
        email: `signer${index}@example.org`,
        country: COUNTRIES[index % COUNTRIES.length],
        support: index % 5 !== 0,
        customFields: [],
      }) as unknown as SignInput
    // Half from the bots' network, half from the crowd's; none confirmed yet.
    const ipOf = (index: number) => (index % 2 ? '203.0.113.9' : '198.51.100.7')
    const signed: Signature[] = []
    for (let index = 0; index < 240; index++) {
      const outcome = await signPetition(petition, input(index), {
        user: null,
        locale: 'en',
        ip: ipOf(index),
      })
      if (outcome.signed) signed.push(outcome.signature)
    }
    assert.lengthOf(signed, 240)

    let busy = true
    const flushing = (async () => {
      const other = new SignatureCounter()
      while (busy) {
        await Promise.all([signatureCounter.flush(), other.flush()])
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    })()

    // Confirmations and new signatures (confirmed at once by half) all run while
    // the bots' network is counted and invalidated, a third of the way in.
    let confirmed = 0
    let startInvalidation: () => void
    const thirdIn = new Promise<void>((resolve) => (startInvalidation = resolve))
    const invalidating = thirdIn.then(async () => {
      const preview = await previewInvalidation(petition.id, {
        network: BOT_NETWORK,
        domain: null,
        from: null,
        to: null,
        unconfirmed: false,
      })
      return invalidateSignatures(
        moderator,
        petition,
        {
          network: BOT_NETWORK,
          domain: null,
          from: null,
          to: null,
          unconfirmed: false,
          upToId: null,
        },
        'A burst from one network'
      ).then((invalidation) => ({ invalidation, preview }))
    })
    await Promise.all([
      ...signed.map(async (signature) => {
        await confirmSignature(signature)
        if (++confirmed === 80) startInvalidation()
      }),
      ...Array.from({ length: 60 }, async (_, index) => {
        const outcome = await signPetition(petition, input(1000 + index), {
          user: null,
          locale: 'en',
          ip: ipOf(index),
        })
        if (outcome.signed && index % 2 === 0) await confirmSignature(outcome.signature)
      }),
      invalidating,
    ])
    const { invalidation, preview } = await invalidating
    assert.isNotNull(invalidation)
    assert.isAbove(preview.signatures, 0)

    // Exactly once: the counters agree with the rows, in all and by country.
    await signatureCounter.flush()
    assert.deepEqual(await keptByCountry(petition), await countedByCountry(petition))
    assert.deepEqual(await recountSignatures(petition.id), { petitions: 1, changed: 0 })
    const marked = await invalidatedRows(petition)
    assert.equal(marked.length, invalidation!.signatures)
    assert.isTrue(marked.every((row) => !row.active && row.network_hash === BOT_NETWORK))
    const counts = await countsOf(petition)
    assert.isAbove(counts.support + counts.oppose, 100)

    // Its undo, while the remaining signatures are confirmed: exact again.
    const pending = await Signature.query()
      .where('petition_id', petition.id)
      .whereNull('confirmed_at')
    assert.isAbove(pending.length, 0)
    const [undone] = await Promise.all([
      undoInvalidation(moderator, petition, invalidation!.id),
      ...pending.map((signature) => confirmSignature(signature)),
    ])
    assert.isTrue(undone)
    busy = false
    await flushing
    await signatureCounter.flush()
    assert.deepEqual(await keptByCountry(petition), await countedByCountry(petition))
    assert.deepEqual(await recountSignatures(petition.id), { petitions: 1, changed: 0 })
    const [{ total }] = await db
      .from('signatures')
      .where('petition_id', petition.id)
      .whereNotNull('confirmed_at')
      .count('* as total')
    const after = await countsOf(petition)
    assert.equal(after.support + after.oppose, Number(total))
  })
})
