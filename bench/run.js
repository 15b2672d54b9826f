/*
|--------------------------------------------------------------------------
| npm run bench
|--------------------------------------------------------------------------
|
| Throughput of the hot paths on the production build with SQLite, beside a
| bare Node `http` hello-world measured in the same run:
|   - petition page views (Inertia JSON and server-rendered HTML) for a
|     petition with 1,000 and one with 1,000,000 signatures;
|   - guest sign requests (distinct e-mails), sustained;
|   - confirmations (the POST of the mailed link), sustained;
| then checks that the counters equal a recount from the rows.
|
| Environment: BENCH_DURATION (s, default 30) for signing and confirming,
| BENCH_PAGE_DURATION (s, default 10) per page scenario, BENCH_CONNECTIONS
| (default 32), BENCH_LARGE (default 1000000) signatures of the big petition.
| Rate limits are off (RATE_LIMIT_FACTOR=0) and the mail queue's worker does
| not run in the web process (a production setup runs `queue:work` apart).
|
*/
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import autocannon from 'autocannon'
import {
  base,
  buildDir,
  firstVisit,
  log,
  prepare,
  root,
  run,
  seed,
  startApp,
  startChild,
  stopAll,
  waitFor,
} from './lib.js'

const benchDir = join(root, 'tmp', 'bench', 'pages')

const DURATION = Number(process.env.BENCH_DURATION ?? 30)
const PAGE_DURATION = Number(process.env.BENCH_PAGE_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const LARGE = Number(process.env.BENCH_LARGE ?? 1_000_000)
const HELLO_PORT = 3501

// 1. A fresh production bundle and an empty SQLite database of its own.
const appEnv = prepare(benchDir)
log(`seeding petitions with 1,000 and ${LARGE.toLocaleString('en')} signatures…`)
const {
  petitions: [small, large],
} = seed(appEnv, [1000, LARGE])

// 2. The servers: the app, and a bare hello-world as the machine's yardstick.
startChild([
  '-e',
  `require('node:http').createServer((q, s) => s.end('hello world')).listen(${HELLO_PORT}, '127.0.0.1')`,
])
await startApp(appEnv)
await waitFor(`http://127.0.0.1:${HELLO_PORT}/`)

// A returning visitor's cookies (session and XSRF-TOKEN) and the asset version.
const visitor = await firstVisit(`/petition/${small.slug}`)
const customFieldId = visitor.page.props.petition.customFields[0].id

const results = []
async function measure(name, options, notes = '') {
  log(`${name}…`)
  const result = await autocannon({ connections: CONNECTIONS, ...options })
  const failed = result.errors + result.timeouts + result['4xx'] + result['5xx']
  const row = {
    scenario: name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    errors: failed,
    notes,
  }
  results.push(row)
  log(`  ${row['req/s']} req/s, p50 ${row['p50 ms']} ms, p99 ${row['p99 ms']} ms, ${failed} errors`)
  return result
}

const pageHeaders = {
  'cookie': visitor.cookie,
  'x-inertia': 'true',
  'x-inertia-version': visitor.page.version,
  'x-requested-with': 'XMLHttpRequest',
}

// 3. Page views.
await measure('node http hello-world', {
  url: `http://127.0.0.1:${HELLO_PORT}/`,
  duration: PAGE_DURATION,
})
for (const petition of [small, large]) {
  const label = petition.signatures.toLocaleString('en')
  await measure(`page JSON, ${label} signatures`, {
    url: `${base}/petition/${petition.slug}`,
    headers: pageHeaders,
    duration: PAGE_DURATION,
  })
  await measure(`page HTML (SSR), ${label} signatures`, {
    url: `${base}/petition/${petition.slug}`,
    headers: { cookie: visitor.cookie },
    duration: PAGE_DURATION,
  })
}
await measure(
  'page HTML (SSR), first visit',
  { url: `${base}/petition/${large.slug}`, duration: PAGE_DURATION },
  'no cookie: a new session row per request'
)

// 4. Guest signatures, each with its own e-mail, on the small petition.
let signer = 0
const signResult = await measure(
  'sign (guest, distinct e-mails)',
  {
    url: `${base}/petition/${small.guid}/sign`,
    method: 'POST',
    duration: DURATION,
    headers: {
      ...pageHeaders,
      'content-type': 'application/json',
      'x-xsrf-token': visitor.xsrf,
      'referer': `${base}/petition/${small.slug}`,
    },
    requests: [
      {
        setupRequest(request) {
          const n = signer++
          request.body = JSON.stringify({
            firstName: 'Bench',
            lastName: 'Signer',
            email: `bench.signer.${n}@example.org`,
            comment: 'I sign this petition during the benchmark.',
            private: n % 9 === 0,
            support: n % 5 !== 0,
            customFields: [{ id: customFieldId, value: 'Kyiv' }],
          })
          return request
        },
      },
    ],
  },
  'validation, insert, queued mail job, session flash'
)

// 5. Confirmations: the POST of each mailed link, once each.
const linksFile = join(benchDir, 'links.txt')
run(['ace.js', 'bench:links', `--out=${linksFile}`, `--limit=${signResult.requests.total}`], {
  cwd: buildDir,
  env: appEnv,
})
const links = readFileSync(linksFile, 'utf8').split('\n').filter(Boolean)
let next = 0
await measure(
  'confirm (POST of the mailed link)',
  {
    url: `${base}/`,
    method: 'POST',
    duration: DURATION,
    amount: links.length,
    headers: { 'cookie': visitor.cookie, 'x-xsrf-token': visitor.xsrf, 'x-inertia': 'true' },
    requests: [
      {
        setupRequest(request) {
          request.path = links[next++ % links.length]
          return request
        },
      },
    ],
  },
  `${links.length.toLocaleString('en')} links, each once`
)

// 6. Counters: flushed within a second or two, then equal to a recount.
await new Promise((done) => setTimeout(done, 2500))
const recount = run(['ace.js', 'petitions:recount'], { cwd: buildDir, env: appEnv })
const exact = /, 0 corrected/.test(recount)
log(`counters after the run: ${exact ? 'exact (recount corrected nothing)' : recount.trim()}`)

console.log()
console.table(results)
const hw = results[0]['req/s']
console.log(
  `Machine: ${(await import('node:os')).cpus().length} CPUs, Node ${process.version}; the app's share of the hello-world: ` +
    results
      .slice(1)
      .map((row) => `${row.scenario} ${((row['req/s'] / hw) * 100).toFixed(1)}%`)
      .join('; ')
)
writeFileSync(join(benchDir, 'results.json'), JSON.stringify({ results, countersExact: exact }, null, 2))
log(`results written to ${join(benchDir, 'results.json')}`)
stopAll()
process.exit(exact ? 0 : 1)
