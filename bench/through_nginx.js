/*
|--------------------------------------------------------------------------
| npm run bench -- --through-nginx
|--------------------------------------------------------------------------
|
| The same guest page views measured against the app directly and through
| nginx with deploy/nginx.conf in front (bench/nginx.js writes its copy: the
| app as the one node, nginx on NGINX_PORT), side by side:
|   - a guest's petition page (Inertia JSON and server-rendered HTML, no
|     cookie) for a petition with 1,000 and one with BENCH_LARGE signatures:
|     nginx's micro-cache answers all but about one request a second;
|   - guest signing (POST, distinct e-mails), which is never cached: the
|     same figure either way.
| Target: guest page views through nginx at least 10 × the app's own;
| exits 1 when a page view misses it or the cache never hits.
|
| Environment: BENCH_PAGE_DURATION (s, default 10) per page scenario,
| BENCH_DURATION (s, default 30) per signing run, BENCH_CONNECTIONS
| (default 32), BENCH_LARGE (default 1000000), WEB_CONCURRENCY (default:
| the cores), BENCH_DB=pg for PostgreSQL + Redis. nginx: /usr/sbin/nginx
| (NGINX_BIN).
|
*/
import { join } from 'node:path'
import autocannon from 'autocannon'
import {
  APP_PORT,
  base,
  firstVisit,
  log,
  prepare,
  root,
  seed,
  startApp,
  startSmtpSink,
  stopAll,
} from './lib.js'
import { startNginx } from './nginx.js'

const benchDir = join(root, 'tmp', 'bench', 'nginx')
const PAGE_DURATION = Number(process.env.BENCH_PAGE_DURATION ?? 10)
const DURATION = Number(process.env.BENCH_DURATION ?? 30)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const LARGE = Number(process.env.BENCH_LARGE ?? 1_000_000)
const NGINX_PORT = Number(process.env.NGINX_PORT ?? 3580)
const TARGET = 10

const sink = await startSmtpSink()
const appEnv = await prepare(join(benchDir, 'app'), sink.port)
log(`seeding petitions with 1,000 and ${LARGE.toLocaleString('en')} signatures…`)
const {
  petitions: [small, large],
} = seed(appEnv, [1000, LARGE])
await startApp(appEnv)
const nginx = await startNginx({
  servers: [`127.0.0.1:${APP_PORT}`],
  port: NGINX_PORT,
  dir: join(benchDir, 'nginx'),
})
log(`nginx on ${nginx.url} in front of ${base} (${nginx.file})`)

// The second guest asking for a page gets nginx's copy; a visitor with a session never does.
const cacheStatus = async (headers = {}) =>
  (await fetch(`${nginx.url}/petition/${small.slug}`, { headers })).headers.get('x-cache-status')
const statuses = [await cacheStatus(), await cacheStatus()]
const withSession = await cacheStatus({ cookie: 'undersign-session=s%3Aany' })
log(`a guest's page through nginx, twice: ${statuses.join(', ')}; with a session: ${withSession}`)

async function measure(name, options) {
  log(`${name}…`)
  const result = await autocannon({ connections: CONNECTIONS, ...options })
  const failed = result.errors + result.timeouts + result['4xx'] + result['5xx']
  log(`  ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${failed} errors`)
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, failed }
}

const { page } = await firstVisit(`/petition/${small.slug}`)
const inertiaHeaders = {
  'x-inertia': 'true',
  'x-inertia-version': page.version,
  'x-requested-with': 'XMLHttpRequest',
}

const rows = []
/** One scenario against the app and through nginx. */
async function sideBySide(name, options, { page: isPage = false } = {}) {
  const against = (origin, where) => {
    const { path, ...rest } = options(origin)
    return measure(`${name} (${where})`, { ...rest, url: `${origin}${path}` })
  }
  const direct = await against(base, 'app')
  const proxied = await against(nginx.url, 'nginx')
  rows.push({
    'scenario': name,
    'app req/s': direct.rps,
    'nginx req/s': proxied.rps,
    '× app': Number((proxied.rps / direct.rps).toFixed(1)),
    'app p99 ms': direct.p99,
    'nginx p99 ms': proxied.p99,
    'errors': direct.failed + proxied.failed,
    'page view': isPage,
  })
}

// 1. A guest's page views: no cookie, as a first visit or a page from the cache.
for (const petition of [small, large]) {
  const label = petition.signatures.toLocaleString('en')
  await sideBySide(
    `guest page JSON, ${label} signatures`,
    () => ({ path: `/petition/${petition.slug}`, headers: inertiaHeaders, duration: PAGE_DURATION }),
    { page: true }
  )
  await sideBySide(
    `guest page HTML, ${label} signatures`,
    () => ({ path: `/petition/${petition.slug}`, duration: PAGE_DURATION }),
    { page: true }
  )
}

// 2. Guest signatures, each with its own e-mail, with the cookies of a first form
// (taken from the app or from nginx, as the browser would).
let signer = 0
const customFieldId = page.props.petition.customFields[0].id
function signatureBody(n) {
  return JSON.stringify({
    firstName: 'Bench',
    lastName: 'Signer',
    email: `bench.nginx.${n}@example.org`,
    country: n % 2 === 0 ? 'UA' : 'PL',
    comment: 'I sign this petition during the benchmark.',
    private: n % 9 === 0,
    support: n % 5 !== 0,
    customFields: [{ id: customFieldId, value: 'Kyiv' }],
  })
}
const signers = {
  [base]: await firstVisit(`/petition/${small.slug}`, base),
  [nginx.url]: await firstVisit(`/petition/${small.slug}`, nginx.url),
}
await sideBySide('sign (guest, distinct e-mails)', (origin) => ({
  path: `/petition/${small.guid}/sign`,
  method: 'POST',
  duration: DURATION,
  headers: {
    ...inertiaHeaders,
    'cookie': signers[origin].cookie,
    'x-xsrf-token': signers[origin].xsrf,
    'content-type': 'application/json',
    'referer': `${origin}/petition/${small.slug}`,
  },
  requests: [
    {
      setupRequest(request) {
        request.body = signatureBody(signer++)
        return request
      },
    },
  ],
}))

console.log()
console.table(rows.map(({ 'page view': _, ...row }) => row))
const pageViews = rows.filter((row) => row['page view'])
const slowest = Math.min(...pageViews.map((row) => row['× app']))
const sign = rows.find((row) => !row['page view'])
const hit = statuses[1] === 'HIT' && withSession === 'BYPASS'
console.log(
  `Guest page views through nginx: at least ${slowest} × the app's own (target ${TARGET} ×); ` +
    `signing through nginx ${sign['× app']} × (never cached). Second request: ${statuses[1]}.`
)
// The mail sink stays open while the app stops: it flushes its last confirmation links.
nginx.stop()
stopAll()
process.exit(slowest >= TARGET && hit ? 0 : 1)
