import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { rmSync } from 'node:fs'
import dbConfig from '#config/database'
import type { SqliteConfig } from '@adonisjs/lucid/types/database'
import { signatureWrites } from '#runtime/signatures/signature_writes'
import { signPetition, type SignInput } from '#services/signatures/signing'
import { confirmSignature, signatureOfLink } from '#services/signatures/confirmation'
import Signature from '#models/signature'
import { PetitionFactory } from '#database/factories/petition_factory'
import {
  emptiedAfterwards,
  queriesDuring,
  queriesWithBindingsDuring,
  queryPlan,
} from '#tests/helpers/database'
import { clearSent, dueMails } from '#runtime/signatures/signature_outbox'

/** A write that stores one row of a table with a unique column, as a signature's INSERT does. */
const storeAddress = (email: string) => async (trx: any) => {
  await trx.table('newsletter_subscriptions').insert({ email, created_at: new Date() })
  return true
}

test.group('Signature writes: several at once in one transaction', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('writes arriving together all land; one whose address is taken fails alone', async ({
    assert,
  }) => {
    await db
      .table('newsletter_subscriptions')
      .insert({ email: 'taken@example.org', created_at: new Date() })
    const emails = ['a@example.org', 'b@example.org', 'taken@example.org', 'c@example.org']
    const outcomes = await Promise.all(
      emails.map((email) => signatureWrites.run(storeAddress(email), { onDuplicate: false }))
    )
    assert.deepEqual(outcomes, [true, true, false, true])
    const stored = await db.from('newsletter_subscriptions').orderBy('email').select('email')
    assert.deepEqual(
      stored.map((row) => row.email),
      ['a@example.org', 'b@example.org', 'c@example.org', 'taken@example.org']
    )
  })

  test('a batch that fails for another reason fails every write in it (on PostgreSQL, that write alone)', async ({
    assert,
  }) => {
    // PostgreSQL keeps a transaction per signature: there is no batch to fail.
    const batched = db.connection().dialect.name !== 'postgres'
    const broken = async () => {
      throw new Error('the disk is full')
    }
    const results = await Promise.allSettled([
      signatureWrites.run(storeAddress('first@example.org'), { onDuplicate: false }),
      signatureWrites.run(broken, { onDuplicate: false }),
      signatureWrites.run(storeAddress('last@example.org'), { onDuplicate: false }),
    ])
    assert.deepEqual(
      results.map((result) => result.status),
      batched ? ['rejected', 'rejected', 'rejected'] : ['fulfilled', 'rejected', 'fulfilled']
    )
    assert.lengthOf(await db.from('newsletter_subscriptions').select('id'), batched ? 0 : 2)
    // The next writes are not held up by the failed batch.
    assert.isTrue(await signatureWrites.run(storeAddress('after@example.org')))
    // Without `onDuplicate`, an address taken is an error like any other.
    await assert.rejects(() => signatureWrites.run(storeAddress('after@example.org')))
  })
})

/** The statements the app sends while `work` runs, in lower case, quotes taken out. */
async function statementsDuring(work: () => Promise<unknown>) {
  const queries = await queriesDuring(work)
  return queries.map((sql) => sql.toLowerCase().replace(/["`]/g, ''))
}

const guest = (email: string): SignInput => ({
  firstName: 'Olena',
  lastName: 'Koval',
  email,
  country: 'UA',
  customFields: [],
})

test.group('Signature writes: a burst of signs and confirmations', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('signs arriving together are stored by one INSERT; a confirmed address is answered as a second signature, a second sign in the batch replaces the first', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signer = { user: null, locale: 'en' as const }
    await signPetition(petition, guest('taken@example.org'), signer)
    await Signature.query()
      .where('petition_id', petition.id)
      .update({ confirmed_at: DateTime.utc().toFormat(db.connection().dialect.dateTimeFormat) })
    const emails = ['a@example.org', 'taken@example.org', 'b@example.org', 'a@example.org']
    let outcomes: Awaited<ReturnType<typeof signPetition>>[] = []
    const statements = await statementsDuring(async () => {
      outcomes = await Promise.all(
        emails.map((email) => signPetition(petition, guest(email), signer))
      )
    })
    assert.deepEqual(
      outcomes.map((outcome) =>
        outcome.signed ? (outcome.replaced ? 'replaced' : 'signed') : outcome.reason
      ),
      // The second `a` came with the first: it finds it unconfirmed, and takes its place.
      ['signed', 'repeated', 'signed', 'replaced']
    )
    // One INSERT for the four signatures (the repeats' rows go to a table of their own).
    assert.lengthOf(
      statements.filter((sql) => sql.startsWith('insert into signatures')),
      1
    )
    const rows = await Signature.query().where('petition_id', petition.id).orderBy('id')
    assert.deepEqual(
      rows.map((row) => row.email),
      ['taken@example.org', 'a@example.org', 'b@example.org']
    )
    const stored = outcomes.flatMap((outcome) => (outcome.signed ? [outcome.signature] : []))
    assert.deepEqual(
      stored.map((signature) => signature.id),
      [rows[1].id, rows[2].id, rows[1].id]
    )
    assert.equal(rows[1].firstName, 'Olena')
  })

  test('confirmations arriving together are one UPDATE; a replaced link and a second click confirm nothing', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signer = { user: null, locale: 'en' as const }
    for (const email of ['a@example.org', 'b@example.org', 'c@example.org']) {
      await signPetition(petition, guest(email), signer)
    }
    const [a, b, c] = await Signature.query().where('petition_id', petition.id).orderBy('id')
    const staleC = await Signature.findOrFail(c.id)
    // c signs again with the same address: its first link is replaced.
    await Signature.query().where('id', c.id).update({ confirmation_token: 'replaced-token' })
    let outcomes: Awaited<ReturnType<typeof confirmSignature>>[] = []
    const statements = await statementsDuring(async () => {
      outcomes = await Promise.all(
        [a, b, staleC, a].map((signature) => confirmSignature(signature))
      )
    })
    assert.deepEqual(
      outcomes.map(({ valid, firstTime }) => [valid, firstTime]),
      [
        [true, true],
        [true, true],
        [false, false],
        [true, false],
      ]
    )
    assert.lengthOf(
      statements.filter((sql) => /^update signatures set confirmed_at/.test(sql)),
      1
    )
    const confirmed = await Signature.query()
      .where('petition_id', petition.id)
      .whereNotNull('confirmed_at')
      .orderBy('id')
    assert.deepEqual(
      confirmed.map((row) => row.id),
      [a.id, b.id]
    )
  })

  test('links opened together read their signatures in one query; a forged link and a pruned signature read none', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signer = { user: null, locale: 'en' as const }
    for (const email of ['a@example.org', 'b@example.org']) {
      await signPetition(petition, guest(email), signer)
    }
    const [a, b] = await Signature.query().where('petition_id', petition.id).orderBy('id')
    const genuine = () => true
    const forged = () => false
    let read: Awaited<ReturnType<typeof signatureOfLink>>[] = []
    const statements = await statementsDuring(async () => {
      read = await Promise.all([
        signatureOfLink(a.id, genuine),
        signatureOfLink(b.id, forged),
        signatureOfLink(b.id + 1000, genuine),
        signatureOfLink(b.id, genuine),
      ])
    })
    assert.deepEqual(
      read.map((signature) => signature?.id ?? null),
      [a.id, null, null, b.id]
    )
    assert.equal(read[0]!.petition.title, petition.title)
    assert.lengthOf(
      statements.filter((sql) => sql.startsWith('select')),
      1
    )
  })
})

/**
 * Thousands of signatures of another petition, their statistics read: the
 * planner then weighs its indexes as on a live site. On a near-empty table
 * PostgreSQL finds every index equally cheap and may walk (petition_id, id)
 * for an id, which at scale reads the whole index.
 */
async function crowdAnotherPetition(modelId: number) {
  const other = await PetitionFactory.apply('published').with('user').create()
  const model = await db.from('signatures').where('id', modelId).firstOrFail()
  delete model.id
  const rows = Array.from({ length: 3000 }, (_, index) => ({
    ...model,
    petition_id: other.id,
    email: `crowd-${index}@example.org`,
    email_normalized: `crowd-${index}@example.org`,
    confirmation_token: `crowd-${index}`,
  }))
  for (let start = 0; start < rows.length; start += 200) {
    await db.table('signatures').multiInsert(rows.slice(start, start + 200))
  }
  await db.rawQuery('ANALYZE signatures')
}

test.group('Signature writes: each finds its own rows', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a batch of confirmations, and the clearing of their mails, look up their rows by id, not every unconfirmed signature', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signer = { user: null, locale: 'en' as const }
    for (let index = 0; index < 30; index++) {
      await signPetition(petition, guest(`signer-${index}@example.org`), signer)
    }
    const signatures = await Signature.query().where('petition_id', petition.id).orderBy('id')
    await crowdAnotherPetition(signatures[0].id)
    const confirming = await queriesWithBindingsDuring(() =>
      Promise.all(signatures.map((signature) => confirmSignature(signature)))
    )
    // Their notices were mailed (at once, in tests): due again, they are all cleared at once.
    await db
      .from('signatures')
      .where('petition_id', petition.id)
      .update({ link_mail_due_at: db.raw('updated_at') })
    const due = await dueMails(signatures.map(({ id }) => id))
    assert.lengthOf(due, signatures.length)
    const clearing = await queriesWithBindingsDuring(() => clearSent(due))
    const update = (queries: typeof confirming, pattern: RegExp) =>
      queries.find(({ sql }) => pattern.test(sql.toLowerCase().replace(/["`]/g, '')))!

    for (const statement of [
      update(confirming, /^update signatures set confirmed_at/),
      update(clearing, /^update signatures set link_mail_due_at/),
    ]) {
      const plan = await queryPlan(statement)
      assert.match(plan, /INTEGER PRIMARY KEY|signatures_pkey/, plan)
      assert.notMatch(plan, /signatures_confirmed_at_created_at_index|\bSCAN\b|Seq Scan/, plan)
    }
    const left = await db
      .from('signatures')
      .where('petition_id', petition.id)
      .where((row) => row.whereNull('confirmed_at').orWhereNotNull('link_mail_due_at'))
      .select('id')
    assert.lengthOf(left, 0)
  })
})

test.group('Signature writes: a batch rolled back to end a deadlock', (group) => {
  // Two connections see each other's rows only once committed: no global transaction here.
  group.each.teardown(emptiedAfterwards())

  test('is written again: confirmations whose rows another transaction took in the other order all count', async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signer = { user: null, locale: 'en' as const }
    for (const email of ['first@example.org', 'second@example.org']) {
      await signPetition(petition, guest(email), signer)
    }
    const [first, second] = await Signature.query().where('petition_id', petition.id).orderBy('id')
    const pause = (ms: number) => new Promise((done) => setTimeout(done, ms))

    // Another transaction holds the second row; the batch takes the first and waits for the
    // second; then the other reaches for the first. PostgreSQL rolls one of them back.
    let release!: () => void
    const released = new Promise<void>((done) => (release = done))
    const other = db.transaction(async (trx) => {
      await trx.from('signatures').where('id', second.id).update({ link_mail_attempts: 1 })
      await released
      await trx.from('signatures').where('id', first.id).update({ link_mail_attempts: 1 })
    })
    await pause(200)
    const confirming = Promise.all([first, second].map((signature) => confirmSignature(signature)))
    await pause(300)
    release()
    const [outcomes] = await Promise.all([confirming, other])

    assert.deepEqual(
      outcomes.map(({ valid, firstTime }) => [valid, firstTime]),
      [
        [true, true],
        [true, true],
      ]
    )
    const confirmed = await Signature.query()
      .where('petition_id', petition.id)
      .whereNotNull('confirmed_at')
    assert.lengthOf(confirmed, 2)
  })
})

test.group('SQLite write lock', () => {
  test('a transaction waiting for another process to write keeps the process serving', async ({
    assert,
  }) => {
    // A SQLite file of its own, so the check runs whatever the suite's database.
    const file = app.makePath('tmp/write_lock_check.sqlite3')
    rmSync(file, { force: true })
    // Set up as the app's SQLite connection is (its pragmas included).
    const appSqlite = dbConfig.connections.sqlite as SqliteConfig
    db.manager.add('write_lock_check', { ...appSqlite, connection: { filename: file } })
    const sqlite = db.connection('write_lock_check')
    await sqlite.rawQuery('CREATE TABLE marks (id INTEGER PRIMARY KEY)')
    const { default: Database } = await import('libsql')
    // Another process's connection to the same file, in the middle of a write.
    const other = new Database(file)
    other.exec('BEGIN IMMEDIATE')
    let ticks = 0
    const ticker = setInterval(() => ticks++, 5)
    setTimeout(() => other.exec('COMMIT'), 200)
    const startedAt = Date.now()
    try {
      await sqlite.transaction(async (trx) => {
        await trx.table('marks').insert({ id: 1 })
      })
    } finally {
      clearInterval(ticker)
      other.close()
      await db.manager.close('write_lock_check')
    }
    // It waited for the other write, and the event loop went on meanwhile
    // (SQLite's own busy handler would have slept through both ticks and wait).
    assert.isAtLeast(Date.now() - startedAt, 150)
    assert.isAtLeast(ticks, 10)
  })
})
