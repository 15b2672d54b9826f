import { test } from '@japa/runner'
import drive from '@adonisjs/drive/services/main'
import type { ApiClient } from '@japa/api-client'
import env from '#start/env'
import { forgetReadiness } from '#runtime/health/readiness'
import { whileStorageRefuses } from '#tests/helpers/uploads'

type Report = { healthy: boolean; checks: Array<{ name: string; status: string; message: string }> }

const TOKEN = 'health-test-token-0123456789'

/** METRICS_TOKEN as the test needs it; the suite's own (none) comes back afterwards. */
function useToken(token: string, cleanup: (handler: () => void) => void) {
  const before = env.get('METRICS_TOKEN')
  env.set('METRICS_TOKEN', token)
  cleanup(() => env.set('METRICS_TOKEN', before ?? ''))
}

/** The probes the readiness check writes to the uploads' disk, counted until the test ends. */
function countProbeWrites(cleanup: (handler: () => void) => void) {
  const disk = drive.use()
  const put = disk.put
  const counted = { writes: 0 }
  disk.put = function (this: typeof disk, key: string, ...rest: any[]) {
    if (key.startsWith('health/')) counted.writes++
    return (put as any).call(this, key, ...rest)
  } as typeof disk.put
  cleanup(() => (disk.put = put))
  return counted
}

/** The process's clock moved on by `ms` (the readiness and the storage check read Date.now). */
function clockAhead(ms: number, cleanup: (handler: () => void) => void) {
  const now = Date.now
  Date.now = () => now() + ms
  cleanup(() => (Date.now = now))
}

const detailedReady = (client: ApiClient) => client.get('/health/ready').bearerToken(TOKEN)

/** Words that would tell an outsider what the node runs on, or how far behind it is. */
const DETAILS = /database|redis|storage|queue|jobs|waiting|bucket/i

test.group('Health probes', (group) => {
  group.each.setup(() => forgetReadiness())
  group.each.teardown(() => forgetReadiness())

  test('live answers as long as the process serves, never from a cache, with no cookie', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/health/live')
    response.assertStatus(200)
    response.assertBody({ status: 'ok' })
    response.assertHeader('cache-control', 'no-store')
    assert.isUndefined(response.header('set-cookie'))
  })

  test('ready tells anyone its status only: no dependency named, no queue depth', async ({
    client,
    assert,
    cleanup,
  }) => {
    useToken(TOKEN, cleanup)
    const up = await client.get('/health/ready')
    assert.equal(up.status(), 200, up.text())
    up.assertHeader('cache-control', 'no-store')
    assert.deepEqual(up.body(), { healthy: true })
    assert.notMatch(up.text(), DETAILS)

    // A wrong token is anyone.
    const wrong = await client.get('/health/ready').bearerToken('not-the-token')
    assert.deepEqual(wrong.body(), { healthy: true })

    await whileStorageRefuses(async () => {
      forgetReadiness()
      const down = await client.get('/health/ready')
      down.assertStatus(503)
      assert.deepEqual(down.body(), { healthy: false })
      assert.notMatch(down.text(), DETAILS)
    })
  })

  test('with the METRICS_TOKEN bearer, ready names each check it ran: database, Redis when used, storage and queue', async ({
    client,
    assert,
    cleanup,
  }) => {
    useToken(TOKEN, cleanup)
    const response = await detailedReady(client)
    const report = response.body() as Report
    assert.equal(response.status(), 200, JSON.stringify(report.checks))
    response.assertHeader('cache-control', 'no-store')
    assert.isTrue(report.healthy)
    assert.deepEqual(
      report.checks.map((check) => check.name),
      ['database', ...(env.get('REDIS_HOST') ? ['redis'] : []), 'storage', 'queue']
    )
    assert.isTrue(report.checks.every((check) => check.status === 'ok'))
    assert.match(report.checks.at(-1)!.message, /^\d+ jobs are waiting$/)
    // Only names, statuses and messages: nothing of the process or its errors' stacks.
    assert.notProperty(report, 'debugInfo')
  })

  test('without METRICS_TOKEN set, nobody gets the details', async ({
    client,
    assert,
    cleanup,
  }) => {
    useToken('', cleanup)
    const response = await client.get('/health/ready').bearerToken('')
    assert.deepEqual(response.body(), { healthy: true })
  })

  test('ready answers 503 naming the storage (to the token) when it refuses a file, and 200 once it takes them again', async ({
    client,
    assert,
    cleanup,
  }) => {
    useToken(TOKEN, cleanup)
    await whileStorageRefuses(async () => {
      const failing = await detailedReady(client)
      failing.assertStatus(503)
      const report = failing.body() as Report
      assert.isFalse(report.healthy)
      assert.deepEqual(
        report.checks.filter((check) => check.status === 'error').map((check) => check.name),
        ['storage']
      )
    })
    // Within 5 s the answer is the one measured; the next run sees the storage back.
    clockAhead(5_001, cleanup)
    const back = await detailedReady(client)
    back.assertStatus(200)
  })

  test('probes within 5 s run the checks once, and the storage is written at most once a minute', async ({
    client,
    assert,
    cleanup,
  }) => {
    const probes = countProbeWrites(cleanup)
    for (let probe = 0; probe < 3; probe++) (await client.get('/health/ready')).assertStatus(200)
    assert.equal(probes.writes, 1, 'one object written for probes within 5 s')

    // The checks run again after 5 s; the storage, which took a file, is left alone for a minute.
    clockAhead(5_001, cleanup)
    const later = await client.get('/health/ready')
    later.assertStatus(200)
    assert.equal(probes.writes, 1)

    clockAhead(60_001, cleanup)
    ;(await client.get('/health/ready')).assertStatus(200)
    assert.equal(probes.writes, 2, 'a minute on, the storage is probed again')
  })
})
