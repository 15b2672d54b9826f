import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import redis from '@adonisjs/redis/services/main'
import {
  appProcessEnvironment,
  onRedis,
  shippedApp,
  shippedDb,
  sourceReads,
} from '#tests/shipped/support/shipped_app'
import { eventually } from '#tests/shipped/support/journeys'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const SCHEDULE = 'prune-pending-media'

/** The member the pending pictures belong to. */
async function uploader() {
  const database = shippedDb()
  const email = 'uploader@example.org'
  const existing = await database.from('users').where('email', email).first()
  if (existing) return existing
  const now = DateTime.utc().toFormat(database.dialect.dateTimeFormat)
  await database.table('users').insert({
    first_name: 'Uploader',
    email,
    role: 1,
    locale: 'en',
    created_at: now,
    updated_at: now,
  })
  return database.from('users').where('email', email).firstOrFail()
}

/** A picture uploaded `hoursAgo` for a petition that was never saved: its row and its file. */
async function pendingPicture(hoursAgo: number) {
  const database = shippedDb()
  const owner = await uploader()
  const guid = randomUUID()
  const key = `petitions/${guid}/${randomUUID()}.jpg`
  // On the built app's disk: its folder, or its bucket.
  await shippedApp().uploads.put(key, 'a picture')
  const at = DateTime.utc().minus({ hours: hoursAgo }).toFormat(database.dialect.dateTimeFormat)
  const [row] = await database
    .table('petition_media')
    .insert({
      petition_guid: guid,
      user_id: owner.id,
      type: 'photo',
      driver: 'fs',
      url: `/uploads/${key}`,
      path: key,
      position: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
  return { id: Number(typeof row === 'object' ? row.id : row), key }
}

const mediaExists = async (id: number) =>
  Boolean(await shippedDb().from('petition_media').where('id', id).first())

/** Where the Redis queue keeps a schedule: a hash (on the app's connection, no key prefix). */
const redisSchedule = (id: string) => `schedules::${id}`

/** A schedule as the queue keeps it, in a table row or a Redis hash. */
async function schedule(id = SCHEDULE) {
  const stored = onRedis()
    ? await redis.hgetall(redisSchedule(id))
    : await shippedDb().from('queue_schedules').where('id', id).firstOrFail()
  if (!stored.id) throw new Error(`no schedule ${id} in the queue's store`)
  const nextRun = stored.next_run_at
  return {
    cronExpression: String(stored.cron_expression),
    runCount: Number(stored.run_count),
    // Redis keeps milliseconds as text; the table a date.
    nextRunAt: new Date(onRedis() ? Number(nextRun) : nextRun),
  }
}

/** Moves a schedule's next run into the past, as the clock would. */
async function makeDue(id: string) {
  const past = Date.now() - 60_000
  if (onRedis()) await redis.hset(redisSchedule(id), 'next_run_at', String(past))
  else
    await shippedDb()
      .from('queue_schedules')
      .where('id', id)
      .update({ next_run_at: new Date(past) })
}

/**
 * Moves the schedule's next run into the past, as the clock would at :17,
 * and waits for the pending picture to go, row and file (the file goes just
 * after the row): whether both went.
 */
async function runDueAndWatch(picture: { id: number; key: string }) {
  await makeDue(SCHEDULE)
  const exists = await eventually(
    async () => (await mediaExists(picture.id)) || (await shippedApp().uploads.exists(picture.key)),
    (stillThere) => !stillThere,
    15_000
  )
  return !exists
}

/** A published petition of the uploader's, in the built app's database. */
async function petitionRow() {
  const owner = await uploader()
  return PetitionFactory.connection('shipped')
    .apply('published')
    .merge({ title: 'Signatures that wait', userId: owner.id })
    .create()
}

/** A guest's signature made `daysAgo`, confirmed or not. */
async function signatureRow(petitionId: number, daysAgo: number, confirmed: boolean) {
  const at = DateTime.utc().minus({ days: daysAgo })
  const signature = await SignatureFactory.connection('shipped')
    .merge({ petitionId, confirmedAt: confirmed ? at : null, createdAt: at, updatedAt: at })
    .create()
  return signature.id
}

const signatureExists = async (id: number) =>
  Boolean(await shippedDb().from('signatures').where('id', id).first())

test.group('Shipped: scheduled work', () => {
  test('pending pictures unused for a day are deleted by the hourly job; fresh ones stay', async ({
    assert,
  }) => {
    const registered = await schedule()
    assert.equal(registered.cronExpression, '17 * * * *')
    const stale = await pendingPicture(25)
    const fresh = await pendingPicture(1)

    assert.isTrue(await runDueAndWatch(stale))
    assert.isTrue(await mediaExists(fresh.id))
    assert.isTrue(await shippedApp().uploads.exists(fresh.key))
    // The next run is at the next :17, not sooner.
    const next = (await schedule()).nextRunAt
    assert.isAbove(next.getTime(), Date.now())
    assert.equal(next.getUTCMinutes(), 17)
    assert.deepEqual(sourceReads(), [])
  })

  test('unconfirmed signatures are deleted by the daily job after 7 days; fresh and confirmed ones stay', async ({
    assert,
  }) => {
    const id = 'prune-unconfirmed-signatures'
    assert.equal((await schedule(id)).cronExpression, '43 3 * * *')
    const petition = await petitionRow()
    const stale = await signatureRow(petition.id, 8, false)
    const fresh = await signatureRow(petition.id, 6, false)
    const confirmedOld = await signatureRow(petition.id, 30, true)

    await makeDue(id)
    assert.isFalse(
      await eventually(
        () => signatureExists(stale),
        (there) => !there,
        15_000
      )
    )
    assert.isTrue(await signatureExists(fresh))
    assert.isTrue(await signatureExists(confirmedOld))
    // The next run is the next 03:43, within a day, not sooner.
    const next = (await schedule(id)).nextRunAt
    assert.isAbove(next.getTime(), Date.now())
    assert.isAtMost(next.getTime() - Date.now(), 24 * 3600_000)
    assert.equal(next.getUTCMinutes(), 43)
    assert.deepEqual(sourceReads(), [])
  })

  test('a burst from one network puts its petition in the queue within the minute, once', async ({
    assert,
  }) => {
    const id = 'detect-unusual-signing'
    assert.equal((await schedule(id)).cronExpression, '* * * * *')
    const petition = await petitionRow()
    const burst = await SignatureFactory.connection('shipped')
      .merge(
        Array.from({ length: 55 }, (_, index) => ({
          petitionId: petition.id,
          email: `burst-${index}@burst.example`,
          networkHash: 'shipped-burst-network',
          emailDomain: 'burst.example',
          confirmedAt: null,
        }))
      )
      .createMany(55)
    assert.lengthOf(burst, 55)
    const alerts = async (): Promise<Array<{ subject: string; signatures: number }>> =>
      shippedDb().from('signing_alerts').where('petition_id', petition.id)
    await makeDue(id)
    const [alert] = await eventually(
      () => alerts(),
      (rows) => rows.length > 0,
      15_000
    )
    assert.equal(alert.subject, 'shipped-burst-network')
    assert.equal(Number(alert.signatures), 55)
    // Another run in the same hour: still one.
    await makeDue(id)
    await new Promise((resolve) => setTimeout(resolve, 3000))
    assert.lengthOf(await alerts(), 1)
    assert.deepEqual(sourceReads(), [])
  })

  test('with a queue:work process beside the web server, a run happens once', async ({
    assert,
  }) => {
    const worker = spawn(process.execPath, ['ace.js', 'queue:work'], {
      cwd: app.makePath('build'),
      env: appProcessEnvironment(),
      stdio: 'ignore',
    })
    try {
      // Both workers poll the schedules every second; give the new one time to start.
      await new Promise((resolve) => setTimeout(resolve, 4000))
      assert.isNull(worker.exitCode)
      const before = (await schedule()).runCount
      const stale = await pendingPicture(30)
      assert.isTrue(await runDueAndWatch(stale))
      // Two more polls of each worker: nobody claims the run again.
      await new Promise((resolve) => setTimeout(resolve, 2500))
      assert.equal((await schedule()).runCount, before + 1)
    } finally {
      worker.kill('SIGTERM')
      await new Promise((resolve) => {
        if (worker.exitCode !== null) return resolve(null)
        worker.once('exit', resolve)
        setTimeout(() => worker.kill('SIGKILL'), 10_000).unref()
      })
    }
    assert.deepEqual(sourceReads(), [])
  })
})
