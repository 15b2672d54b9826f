import { test } from '@japa/runner'
import { rm, writeFile } from 'node:fs/promises'
import testUtils from '@adonisjs/core/services/test_utils'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import redis from '@adonisjs/redis/services/main'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import env from '#start/env'
import { outboxFolder } from '#config/mail'
import { signatureCounter } from '#runtime/signatures/counter'
import { queueBacklog } from '#runtime/metrics/queue_backlog'
import PruneHourlySignaturesJob from '#jobs/prune_hourly_signatures_job'
import { PetitionFactory } from '#database/factories/petition_factory'
import { outbox } from '#tests/helpers/outbox'
import { confirmationPath, sign, signatureRows } from '#tests/helpers/signatures'

const TOKEN = 'metrics-test-token-0123456789'

/** METRICS_TOKEN as the test needs it; the suite's own (none) comes back afterwards. */
function useToken(token: string, cleanup: (handler: () => void) => void) {
  const before = env.get('METRICS_TOKEN')
  env.set('METRICS_TOKEN', token)
  cleanup(() => env.set('METRICS_TOKEN', before ?? ''))
}

/** The samples of a scrape: `name{labels}` → value. */
function samplesOf(text: string) {
  const samples = new Map<string, number>()
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue
    const at = line.lastIndexOf(' ')
    samples.set(line.slice(0, at), Number(line.slice(at + 1)))
  }
  return samples
}

async function scrape(client: ApiClient) {
  const response = await client.get('/metrics').bearerToken(TOKEN)
  response.assertStatus(200)
  return samplesOf(response.text())
}

/** A sample's value, 0 when the series does not exist yet. */
function valueIn(samples: Map<string, number>, series: string) {
  return samples.get(series) ?? 0
}

test.group('Metrics: access', () => {
  test('without METRICS_TOKEN the address does not exist, whatever the request carries', async ({
    client,
    cleanup,
  }) => {
    useToken('', cleanup)
    const bare = await client.get('/metrics')
    bare.assertStatus(404)
    const withToken = await client.get('/metrics').bearerToken(TOKEN)
    withToken.assertStatus(404)
  })

  test('a missing or wrong token is refused with 401, never from a cache', async ({
    client,
    assert,
    cleanup,
  }) => {
    useToken(TOKEN, cleanup)
    for (const authorization of [
      undefined,
      'Bearer',
      'Bearer wrong-token',
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const request = client.get('/metrics')
      if (authorization !== undefined) request.header('authorization', authorization)
      const response = await request
      assert.equal(response.status(), 401, String(authorization))
      response.assertHeader('cache-control', 'no-store')
      response.assertHeader('www-authenticate', 'Bearer realm="metrics"')
      assert.notInclude(response.text(), 'undersign_')
    }
  })

  test('with the token: Prometheus text of every metric, no cookie, never from a cache', async ({
    client,
    assert,
    cleanup,
  }) => {
    useToken(TOKEN, cleanup)
    const response = await client.get('/metrics').header('authorization', `bearer ${TOKEN}`)
    response.assertStatus(200)
    response.assertHeader('content-type', 'text/plain; version=0.0.4; charset=utf-8')
    response.assertHeader('cache-control', 'no-store')
    assert.isUndefined(response.header('set-cookie'))
    const text = response.text()
    for (const name of [
      'undersign_http_requests_total',
      'undersign_http_request_duration_seconds',
      'undersign_signatures_created_total',
      'undersign_signature_confirmations_total',
      'undersign_signature_counter_pending_rows',
      'undersign_queue_waiting_jobs',
      'undersign_queue_oldest_waiting_job_age_seconds',
      'undersign_live_streams_open',
      'undersign_mails_sent_total',
      'undersign_mails_failed_total',
      // prom-client's default process metrics.
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      assert.include(text, `# TYPE ${name} `, name)
    }
  })
})

test.group('Metrics: what they count', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('a guest who signs and confirms moves signatures, confirmations, pending counter rows and mails by exactly their own', async ({
    client,
    assert,
    cleanup,
  }) => {
    useToken(TOKEN, cleanup)
    const petition = await PetitionFactory.apply('published').with('user').create()
    await signatureCounter.flush()
    const before = await scrape(client)
    assert.equal(valueIn(before, 'undersign_signature_counter_pending_rows'), 0)

    ;(await sign(client, petition, { email: 'metrics-signer@example.org' })).assertStatus(302)
    const signed = await scrape(client)
    const [row] = await signatureRows(petition)
    await client.post(confirmationPath(row)).withCsrfToken().redirects(0)
    const confirmed = await scrape(client)

    const moved = (samples: Map<string, number>, name: string) =>
      valueIn(samples, name) - valueIn(before, name)
    assert.equal(moved(signed, 'undersign_signatures_created_total'), 1)
    assert.equal(moved(signed, 'undersign_signature_confirmations_total'), 0)
    assert.equal(moved(confirmed, 'undersign_signatures_created_total'), 1)
    assert.equal(moved(confirmed, 'undersign_signature_confirmations_total'), 1)
    // The confirmation is counted in a pending row until the flush adds it to the petition.
    assert.equal(valueIn(confirmed, 'undersign_signature_counter_pending_rows'), 1)
    // The link, then the notice that it is confirmed.
    assert.lengthOf(await outbox.read(), 2)
    assert.equal(moved(confirmed, 'undersign_mails_sent_total'), 2)
    assert.equal(moved(confirmed, 'undersign_mails_failed_total'), 0)

    await signatureCounter.flush()
    const flushed = await scrape(client)
    assert.equal(valueIn(flushed, 'undersign_signature_counter_pending_rows'), 0)
  })

  test('a mail the mail server refuses counts as failed, not sent', async ({
    client,
    assert,
    cleanup,
  }) => {
    useToken(TOKEN, cleanup)
    const petition = await PetitionFactory.apply('published').with('user').create()
    const before = await scrape(client)
    // A file where the outbox folder should be: no mail can be written.
    await writeFile(outboxFolder, 'not a folder')
    cleanup(() => rm(outboxFolder, { force: true }))
    ;(await sign(client, petition, { email: 'metrics-refused@example.org' })).assertStatus(302)
    const after = await scrape(client)
    assert.equal(
      valueIn(after, 'undersign_mails_failed_total') -
        valueIn(before, 'undersign_mails_failed_total'),
      1
    )
    assert.equal(
      valueIn(after, 'undersign_mails_sent_total') - valueIn(before, 'undersign_mails_sent_total'),
      0
    )
  })

  test('requests are counted by route name and final status, never by their address', async ({
    client,
    assert,
    cleanup,
  }) => {
    useToken(TOKEN, cleanup)
    const petition = await PetitionFactory.apply('published').with('user').create()
    const page = 'undersign_http_requests_total{route="petitions.show",status="200"}'
    const missingPetition = 'undersign_http_requests_total{route="petitions.show",status="404"}'
    const unmatched = 'undersign_http_requests_total{route="unmatched",status="404"}'
    const before = await scrape(client)

    await client.get(`/petition/${petition.slug}`)
    await client.get(`/petition/${petition.slug}?page=2`)
    // Thrown by the route and rendered by the exception handler: counted with its 404.
    await client.get('/petition/no-such-petition-anywhere')
    await client.get('/no-such-address/at-all')
    const after = await scrape(client)

    const moved = (series: string) => valueIn(after, series) - valueIn(before, series)
    assert.equal(moved(page), 2)
    assert.equal(moved(missingPetition), 1)
    assert.equal(moved(unmatched), 1)
    assert.isAtLeast(
      moved('undersign_http_request_duration_seconds_count{route="petitions.show",status="200"}'),
      2
    )
    const series = [...after.keys()].join('\n')
    assert.notInclude(series, petition.slug)
    assert.notInclude(series, 'no-such')
    assert.match(series, /undersign_http_requests_total\{route="metrics",status="200"\}/)
  })
})

/** The queue adapters this run has: the database's always, Redis's with QUEUE_DRIVER=redis. */
const ADAPTERS = Object.keys(app.config.get<Record<string, unknown>>('queue.adapters')).filter(
  (adapter) => adapter !== 'sync'
)

test.group('Metrics: the queue backlog', (group) => {
  group.each.setup(() => async () => {
    await db.from('queue_jobs').delete()
    if (ADAPTERS.includes('redis')) await redis.del('jobs::default::pending', 'jobs::default::data')
  })

  test('waiting jobs and the age of the oldest, whatever their priorities ({$self})')
    .with(ADAPTERS)
    .run(async ({ assert }, adapter) => {
      assert.deepEqual(await queueBacklog(adapter), { waiting: 0, oldestAgeSeconds: 0 })
      const beforeOld = Date.now()
      await PruneHourlySignaturesJob.dispatch({}).with(adapter).priority(9)
      const afterOld = Date.now()
      await new Promise((resolve) => setTimeout(resolve, 30))
      // Newer, but first in line.
      await PruneHourlySignaturesJob.dispatch({}).with(adapter).priority(1)

      const now = Date.now() + 60_000
      const { waiting, oldestAgeSeconds } = await queueBacklog(adapter, now)
      assert.equal(waiting, 2)
      assert.isAtLeast(oldestAgeSeconds, (now - afterOld) / 1000)
      assert.isAtMost(oldestAgeSeconds, (now - beforeOld) / 1000)
    })
})
