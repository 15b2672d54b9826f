import { test } from '@japa/runner'
import { request } from 'node:http'
import {
  DOMAIN,
  METRICS_TOKEN,
  serverProcesses,
  shippedApp,
} from '#tests/shipped/support/shipped_app'

/** One request on a connection of its own, so that any worker may take it. */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: shippedApp().port,
        path,
        agent: false,
        headers: { host: DOMAIN, connection: 'close', ...headers },
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode!, body }))
      }
    )
    outgoing.on('error', reject)
    outgoing.end()
  })
}

/** The samples of one scrape: `name{labels}` → value. */
async function scrape() {
  const { status, body } = await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })
  if (status !== 200) throw new Error(`/metrics answered ${status}`)
  const samples = new Map<string, number>()
  for (const line of body.split('\n')) {
    if (!line || line.startsWith('#')) continue
    const at = line.lastIndexOf(' ')
    samples.set(line.slice(0, at), Number(line.slice(at + 1)))
  }
  return samples
}

/** Resident memory of a process, in bytes, as the kernel reports it. */
const LIVE = 'undersign_http_requests_total{route="health.live",status="200"}'
const SCRAPES = 'undersign_http_requests_total{route="metrics",status="200"}'

test.group('Metrics of the built app, across its workers', () => {
  test('only with the token', async ({ assert }) => {
    assert.equal((await get('/metrics')).status, 401)
    assert.equal((await get('/metrics', { authorization: 'Bearer wrong' })).status, 401)
  })

  test('every scrape, whichever worker answers, counts the requests of all workers: never down, never twice', async ({
    assert,
  }) => {
    const before = await scrape()
    const requests = 12
    for (let index = 0; index < requests; index++) {
      assert.equal((await get('/health/live')).status, 200)
    }
    let previousScrapes = before.get(SCRAPES) ?? 0
    for (let index = 0; index < 6; index++) {
      const samples = await scrape()
      // Every probe, each counted once, wherever it was served and wherever the scrape lands.
      assert.equal((samples.get(LIVE) ?? 0) - (before.get(LIVE) ?? 0), requests)
      // The scrapes themselves: each one sees all the earlier ones.
      assert.isAbove(samples.get(SCRAPES) ?? 0, previousScrapes)
      previousScrapes = samples.get(SCRAPES)!
    }

    assert.lengthOf(serverProcesses().workers, 2)
    // The shared state, read from the database by the worker that answered.
    const shared = await scrape()
    for (const name of [
      'undersign_queue_waiting_jobs',
      'undersign_queue_oldest_waiting_job_age_seconds',
      'undersign_signature_counter_pending_rows',
    ]) {
      assert.isAtLeast(shared.get(name)!, 0, name)
    }
  })
})
