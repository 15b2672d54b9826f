import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import {
  appProcessEnvironment,
  shippedApp,
  shippedDb,
  sourceReads,
} from '#tests/shipped/support/shipped_app'
import { eventually } from '#tests/shipped/support/journeys'

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
  const file = join(shippedApp().storage, key)
  mkdirSync(join(shippedApp().storage, 'petitions', guid), { recursive: true })
  writeFileSync(file, 'a picture')
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
  return { id: Number(typeof row === 'object' ? row.id : row), file }
}

const mediaExists = async (id: number) =>
  Boolean(await shippedDb().from('petition_media').where('id', id).first())

async function schedule() {
  return shippedDb().from('queue_schedules').where('id', SCHEDULE).firstOrFail()
}

/**
 * Moves the schedule's next run into the past, as the clock would at :17,
 * and waits for the pending picture to go: whether it went.
 */
async function runDueAndWatch(mediaId: number) {
  await shippedDb()
    .from('queue_schedules')
    .where('id', SCHEDULE)
    .update({ next_run_at: new Date(Date.now() - 60_000) })
  const exists = await eventually(
    () => mediaExists(mediaId),
    (stillThere) => !stillThere,
    15_000
  )
  return !exists
}

test.group('Shipped: scheduled work', () => {
  test('pending pictures unused for a day are deleted by the hourly job; fresh ones stay', async ({
    assert,
  }) => {
    const registered = await schedule()
    assert.equal(registered.cron_expression, '17 * * * *')
    const stale = await pendingPicture(25)
    const fresh = await pendingPicture(1)

    assert.isTrue(await runDueAndWatch(stale.id))
    assert.isFalse(existsSync(stale.file))
    assert.isTrue(await mediaExists(fresh.id))
    assert.isTrue(existsSync(fresh.file))
    // The next run is at the next :17, not sooner.
    const next = new Date((await schedule()).next_run_at)
    assert.isAbove(next.getTime(), Date.now())
    assert.equal(next.getUTCMinutes(), 17)
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
      const before = Number((await schedule()).run_count)
      const stale = await pendingPicture(30)
      assert.isTrue(await runDueAndWatch(stale.id))
      // Two more polls of each worker: nobody claims the run again.
      await new Promise((resolve) => setTimeout(resolve, 2500))
      assert.equal(Number((await schedule()).run_count), before + 1)
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
