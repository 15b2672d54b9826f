import { test } from '@japa/runner'
import env from '#start/env'
import { whileStorageRefuses } from '#tests/helpers/uploads'

type Report = { healthy: boolean; checks: Array<{ name: string; status: string; message: string }> }

test.group('Health probes', () => {
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

  test('ready names each check it ran: database, Redis when used, storage and queue', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/health/ready')
    const report = response.body() as Report
    assert.equal(response.status(), 200, JSON.stringify(report.checks))
    response.assertHeader('cache-control', 'no-store')
    assert.isTrue(report.healthy)
    assert.deepEqual(
      report.checks.map((check) => check.name),
      ['database', ...(env.get('REDIS_HOST') ? ['redis'] : []), 'storage', 'queue']
    )
    assert.isTrue(report.checks.every((check) => check.status === 'ok'))
    // Only names, statuses and messages: nothing of the process or its errors' stacks.
    assert.notProperty(report, 'debugInfo')
  })

  test('ready answers 503 naming the storage when it refuses a file, and 200 once it takes them again', async ({
    client,
    assert,
  }) => {
    await whileStorageRefuses(async () => {
      const failing = await client.get('/health/ready')
      failing.assertStatus(503)
      const report = failing.body() as Report
      assert.isFalse(report.healthy)
      assert.deepEqual(
        report.checks.filter((check) => check.status === 'error').map((check) => check.name),
        ['storage']
      )
    })
    const back = await client.get('/health/ready')
    back.assertStatus(200)
  })
})
