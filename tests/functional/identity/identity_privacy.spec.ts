import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import env from '#start/env'
import User from '#models/user'
import type Petition from '#models/petition'
import PruneIdentityChecksJob from '#jobs/prune_identity_checks_job'
import { eraseExpiredSignatures } from '#services/signatures/retention'
import { pruneIdentityChecks } from '#services/identity/identity_pruning'
import { makeMember, PASSWORD } from '#tests/helpers/auth'
import { outbox } from '#tests/helpers/outbox'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

/** A provider the site names: only its key and name matter here (nothing is discovered). */
const PROVIDER = {
  key: 'gov-id',
  name: 'Gov eID',
  issuer: 'https://id.example.org',
  clientId: 'undersign',
  clientSecret: 'a-secret-nobody-uses',
  claims: { country: 'address.country' },
}
const HASH = 'x'.repeat(43)
const CLAIMS = { country: 'DE', region: 'BY' }
const sqlTime = (time: DateTime) => time.toFormat(db.connection().dialect.dateTimeFormat)

/** A verified signature of `petition` (by `member`, when given). */
function verifiedSignature(petition: Petition, member?: User, hash = HASH) {
  return SignatureFactory.merge({
    petitionId: petition.id,
    identityProvider: PROVIDER.key,
    identityHash: hash,
    identityClaims: CLAIMS,
    ...(member ? { userId: member.id, email: member.email } : {}),
  }).create()
}

async function linkedMember(overrides: Record<string, unknown> = {}) {
  const member = await makeMember(overrides)
  member.merge({
    identityProvider: PROVIDER.key,
    identityHash: `linked-${member.id}`,
    identityClaims: CLAIMS,
    identityLinkedAt: DateTime.fromISO('2026-11-02T10:00:00Z'),
  })
  await member.save()
  return member
}

/** A row of each identity table expiring at `expiresAt`. */
async function checkRows(expiresAt: DateTime, userId: number | null = null) {
  const base = {
    provider_key: PROVIDER.key,
    binding_hash: 'b'.repeat(64),
    petition_guid: userId ? null : '0b3c1b4e-6d2f-4f7a-9c55-2a1e8f0d7b61',
    user_id: userId,
    expires_at: sqlTime(expiresAt),
    created_at: sqlTime(expiresAt.minus({ minutes: 10 })),
  }
  const unique = `${expiresAt.toMillis()}-${Math.random()}`
  await db.table('identity_flows').insert({
    ...base,
    state_hash: unique,
    nonce: 'n',
    code_verifier: 'v',
    locale: 'de',
  })
  await db.table('identity_verifications').insert({
    ...base,
    identity_hash: HASH,
    claims: JSON.stringify(CLAIMS),
    pass_hash: unique,
  })
}

const signatureRow = (id: number) =>
  db
    .from('signatures')
    .where('id', id)
    .select('identity_provider', 'identity_hash', 'identity_claims', 'email')
    .firstOrFail()

test.group('A verified identity’s retention, deletion and export', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })
  group.each.setup(() => {
    const before = env.get('IDENTITY_PROVIDERS')
    env.set('IDENTITY_PROVIDERS', JSON.stringify([PROVIDER]))
    return () => env.set('IDENTITY_PROVIDERS', before ?? '')
  })

  test('anonymisation at the end of retention erases the hash and claims, keeps the provider', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('finished').with('user').create()
    const other = await PetitionFactory.apply('published').with('user').create()
    const erased = await verifiedSignature(petition)
    const kept = await verifiedSignature(other)
    // The owner was told when it was finished: the erasure falls 12 months later.
    await db
      .from('petitions')
      .where('id', petition.id)
      .update({ retention_notice_sent_at: db.raw('finished_at') })

    assert.equal(await eraseExpiredSignatures(DateTime.utc().plus({ months: 13 })), 1)
    assert.deepEqual(await signatureRow(erased.id), {
      identity_provider: PROVIDER.key,
      identity_hash: null,
      identity_claims: null,
      email: '',
    })
    // Another petition's signature keeps its identity.
    const otherRow = await signatureRow(kept.id)
    assert.equal(otherRow.identity_hash, HASH)
    assert.deepEqual(JSON.parse(otherRow.identity_claims), CLAIMS)
  })

  test('deleting the account erases its identity, its checks and its signatures’ identities', async ({
    assert,
    client,
  }) => {
    const member = await linkedMember()
    const stranger = await linkedMember({ email: 'stranger@example.org' })
    const petition = await PetitionFactory.apply('published').with('user').create()
    const mine = await verifiedSignature(petition, member)
    const theirs = await verifiedSignature(petition, stranger, 'y'.repeat(43))
    await checkRows(DateTime.utc().plus({ minutes: 5 }), member.id)
    await checkRows(DateTime.utc().plus({ minutes: 5 }), stranger.id)

    const response = await client
      .post('/my/account/delete')
      .json({ currentPassword: PASSWORD, understood: true })
      .loginAs(member)
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)

    assert.isNull(await User.find(member.id))
    assert.isNull(await db.from('users').where('identity_hash', `linked-${member.id}`).first())
    assert.deepEqual(await signatureRow(mine.id), {
      identity_provider: PROVIDER.key,
      identity_hash: null,
      identity_claims: null,
      email: '',
    })
    // The account's unfinished checks go with it; nobody else's does.
    assert.lengthOf(await db.from('identity_flows').where('user_id', member.id), 0)
    assert.lengthOf(await db.from('identity_verifications').where('user_id', member.id), 0)
    assert.lengthOf(await db.from('identity_flows').where('user_id', stranger.id), 1)
    assert.equal((await signatureRow(theirs.id)).identity_hash, 'y'.repeat(43))
    assert.equal((await User.findOrFail(stranger.id)).identityHash, `linked-${stranger.id}`)
  })

  test('the data download has the linked identity and each signature’s', async ({
    assert,
    client,
  }) => {
    const member = await linkedMember()
    const petition = await PetitionFactory.apply('published').with('user').create()
    const plain = await PetitionFactory.apply('published').with('user').create()
    await verifiedSignature(petition, member)
    await SignatureFactory.merge({
      petitionId: plain.id,
      userId: member.id,
      email: member.email,
    }).create()

    const response = await client.get('/my/account/export').loginAs(member).redirects(0)
    response.assertStatus(200)
    const data = JSON.parse(response.text())
    assert.deepEqual(data.account.linkedIdentity, {
      provider: PROVIDER.name,
      providerKey: PROVIDER.key,
      claims: CLAIMS,
      hash: `linked-${member.id}`,
      linkedAt: '2026-11-02T10:00:00.000+00:00',
    })
    const [verified, unverified] = data.signatures
    assert.isTrue(verified.verified)
    assert.deepEqual(verified.identity, {
      provider: PROVIDER.name,
      providerKey: PROVIDER.key,
      claims: CLAIMS,
      hash: HASH,
    })
    assert.isFalse(unverified.verified)
    assert.isNull(unverified.identity)
  })

  test('a provider the site no longer names is exported by its key', async ({ assert, client }) => {
    const member = await linkedMember()
    env.set('IDENTITY_PROVIDERS', '')
    const response = await client.get('/my/account/export').loginAs(member).redirects(0)
    const data = JSON.parse(response.text())
    assert.equal(data.account.linkedIdentity.provider, PROVIDER.key)
  })

  test('pruning deletes only the checks a day past their expiry, in batches', async ({
    assert,
  }) => {
    const now = DateTime.utc()
    for (let i = 0; i < 5; i++) await checkRows(now.minus({ days: 2, minutes: i }))
    await checkRows(now.minus({ hours: 2 }))
    await checkRows(now.plus({ minutes: 5 }))
    const member = await makeMember()
    await checkRows(now.minus({ days: 3 }), member.id)

    assert.deepEqual(await pruneIdentityChecks(now, 2), { flows: 6, verifications: 6 })
    const left = (table: string) =>
      db.from(table).orderBy('expires_at').select('expires_at', 'user_id')
    for (const table of ['identity_flows', 'identity_verifications']) {
      const rows = await left(table)
      assert.lengthOf(rows, 2, table)
    }
    // The scheduled job runs the same, and a second run finds nothing more.
    await new PruneIdentityChecksJob().execute()
    assert.lengthOf(await db.from('identity_flows'), 2)
    assert.deepEqual(await pruneIdentityChecks(now), { flows: 0, verifications: 0 })
  })
})
