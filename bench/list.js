/*
|--------------------------------------------------------------------------
| npm run bench:list
|--------------------------------------------------------------------------
|
| How long the public list (/petitions) takes with 100,000 petitions in
| eight languages, for every order, every status, a search, a topic, a
| country, one language and a later page: one visitor's requests one after another (Inertia JSON,
| as a click on a filter asks for it), p50 and p99 beside the target of
| 30 ms. The production build, one web worker. A measurement, not a test:
| it exits 1 only when it could not measure.
|
| Environment: BENCH_DB=pg for PostgreSQL + Redis (SQLite by default; the
| PostgreSQL database is undersign_bench, or BENCH_PG_DB), BENCH_PETITIONS
| (default 100000), BENCH_LIST_REQUESTS (default 200 per query).
|
*/
import { join } from 'node:path'
import {
  base,
  buildDir,
  firstVisit,
  log,
  onPostgres,
  prepare,
  root,
  run,
  startApp,
  stopAll,
} from './lib.js'

const PETITIONS = Number(process.env.BENCH_PETITIONS ?? 100_000)
const REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 200)
const TARGET_MS = 30

// No mail is sent: the SMTP port is never reached.
const appEnv = await prepare(join(root, 'tmp', 'bench', 'list'), 2525)
appEnv.WEB_CONCURRENCY = '1'
log(`seeding ${PETITIONS.toLocaleString('en')} petitions…`)
process.stdout.write(
  run(['ace.js', 'bench:list-seed', `--petitions=${PETITIONS}`], { cwd: buildDir, env: appEnv })
)
await startApp(appEnv)

const visitor = await firstVisit('/petitions')
const headers = {
  'cookie': visitor.cookie,
  'x-inertia': 'true',
  'x-inertia-version': visitor.page.version,
  'x-requested-with': 'XMLHttpRequest',
}

// The visitor reads the English site: by default every language, English first.
const QUERIES = [
  ['newest (default), every language', ''],
  ['newest, visitor’s language', '?lang=en'],
  ['signatures', '?sort=signatures'],
  ['signatures, visitor’s language', '?sort=signatures&lang=en'],
  ['trending', '?sort=trending'],
  ['trending, visitor’s language', '?sort=trending&lang=en'],
  ['closing', '?sort=closing'],
  ['closing, visitor’s language', '?sort=closing&lang=en'],
  ['status open', '?status=open'],
  ['status successful', '?status=successful'],
  ['status closed, visitor’s language', '?status=closed&lang=en'],
  ['search one word', '?q=water'],
  ['search two words, prefix', '?q=clean+stre'],
  ['search, many matches', '?q=biblioteca'],
  ['search, visitor’s language', '?q=water&lang=en'],
  ['search + open + signatures', '?q=park&status=open&sort=signatures'],
  ['topic', '?topic=environment'],
  ['topic, visitor’s language', '?topic=environment&lang=en'],
  ['topic + signatures', '?topic=health&sort=signatures'],
  ['topic + open + closing', '?topic=transport&status=open&sort=closing'],
  ['topic + trending', '?topic=housing&sort=trending'],
  ['topic + search', '?topic=environment&q=water'],
  ['country', '?country=DE'],
  ['country + topic', '?country=FR&topic=culture'],
  ['country + search, many matches', '?country=IT&q=biblioteca'],
  ['country + status successful', '?country=PT&status=successful'],
  ['page 50, newest', '?page=50'],
  ['page 50, topic', '?topic=democracy&page=50'],
]

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

const results = []
for (const [name, query] of QUERIES) {
  const url = `${base}/petitions${query}`
  let total = 0
  // Warm-up: the first requests compile the query plans and fill the caches.
  for (let index = 0; index < 10; index++) await (await fetch(url, { headers })).arrayBuffer()
  const times = []
  for (let index = 0; index < REQUESTS; index++) {
    const started = performance.now()
    const response = await fetch(url, { headers })
    const page = await response.json()
    times.push(performance.now() - started)
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`)
    total = page.props.petitions.total
  }
  times.sort((a, b) => a - b)
  const row = {
    'query': name,
    'url': `/petitions${query}`,
    'matches': total,
    'p50 ms': Number(percentile(times, 50).toFixed(1)),
    'p99 ms': Number(percentile(times, 99).toFixed(1)),
    'target': `≤ ${TARGET_MS} ms`,
  }
  row.ok = row['p99 ms'] <= TARGET_MS ? 'yes' : 'no'
  results.push(row)
  log(`${name}: p50 ${row['p50 ms']} ms, p99 ${row['p99 ms']} ms (${total} matches)`)
}

stopAll()
log(
  `${PETITIONS.toLocaleString('en')} petitions on ${onPostgres ? 'PostgreSQL' : 'SQLite'}, ${REQUESTS} requests per query, one after another:`
)
console.table(results)
process.exit(0)
