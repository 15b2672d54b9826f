import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { Worker } from '@adonisjs/queue'
import { outbox, linkIn } from '#tests/helpers/outbox'
import { makeMember } from '#tests/helpers/auth'
import User from '#models/user'

const QUEUE_TABLES = ['queue_jobs', 'queue_schedules']
const EMAIL = 'queued-secret@example.com'

/** Every row of the queue's tables, as text. */
async function queueRows() {
  const rows = []
  for (const table of QUEUE_TABLES) rows.push(...(await db.from(table)))
  return rows.map((row) => JSON.stringify(row))
}

/**
 * The queue as production runs it: jobs in the database (the tests
 * otherwise send mails at once, with the sync adapter), and a worker that
 * takes them one by one. Restores the tests' queue afterwards.
 */
async function useDatabaseQueue(cleanup: (handler: () => Promise<void>) => void) {
  const config = app.config.get<any>('queue')
  const adapters: Record<string, unknown> = {}
  for (const [name, adapter] of Object.entries<any>(config.adapters)) {
    adapters[name] = typeof adapter === 'function' ? adapter : await adapter.resolver(app)
  }
  const settings = {
    ...config,
    autoLoadJobs: false,
    adapters,
    jobFactory: (jobClass: any) => app.container.make(jobClass),
    logger: await app.container.make('logger'),
    worker: { ...config.worker, gracefulShutdown: false, concurrency: 1 },
  }
  const worker = new Worker({ ...settings, default: 'database' })
  await worker.init()
  cleanup(async () => {
    await worker.stop()
    const queue = await app.container.make('queue.manager')
    await queue.init(settings)
  })
  return {
    /** Runs the worker until it has finished one job. */
    async runOne() {
      for (;;) {
        const cycle = await worker.processCycle(['default'])
        if (!cycle || cycle.type === 'completed') return
        if (cycle.type === 'error') throw cycle.error
      }
    },
  }
}

test.group('Mailed secrets at rest in the queue', (group) => {
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
    return async () => {
      await db.from('queue_jobs').delete()
      const user = await User.findBy('email', EMAIL)
      if (user) {
        await db.from('password_reset_tokens').where('user_id', user.id).delete()
        await user.delete()
      }
    }
  })

  test('a password-reset link is never readable in the queue: neither while it waits nor once sent', async ({
    client,
    assert,
    cleanup,
  }) => {
    const queue = await useDatabaseQueue(cleanup)
    await makeMember({ email: EMAIL })

    await client.post('/auth/password/email').form({ email: EMAIL }).withCsrfToken().redirects(0)
    const waiting = await queueRows()
    assert.lengthOf(waiting, 1, 'the mail waits in the database queue')
    assert.lengthOf(await outbox.read(), 0)

    await queue.runOne()
    const [mail] = await outbox.to(EMAIL)
    assert.exists(mail, 'the worker sent the mail')
    const link = linkIn(mail.html, '/auth/password/reset/')
    const token = new URL(link).pathname.split('/').pop()!
    assert.isAbove(token.length, 20)

    for (const row of waiting) {
      assert.notInclude(row, token, 'the waiting job does not show the token')
      assert.notInclude(row, EMAIL, 'nor the address it goes to')
    }
    assert.deepEqual(await queueRows(), [], 'the sent job is gone')
  })

  test('a queued mail that cannot be opened (another APP_KEY) is dropped, leaving no row', async ({
    assert,
    cleanup,
  }) => {
    const queue = await useDatabaseQueue(cleanup)
    const { default: SendMailJob } = await import('#jobs/send_mail_job')
    await SendMailJob.dispatch({ mailerName: 'outbox', sealed: 'sealed with another key' })
    assert.lengthOf(await queueRows(), 1)
    await queue.runOne()
    assert.deepEqual(await queueRows(), [])
    assert.lengthOf(await outbox.read(), 0)
  })
})
