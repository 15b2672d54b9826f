/*
|--------------------------------------------------------------------------
| npm run bench:signatures (also the second half of npm run bench)
|--------------------------------------------------------------------------
|
| The owner's signatures management on the production build with
| SQLite, for a petition with 1,000 and one with 1,000,000 signatures:
|   - the table's page 1, a middle page and page 20,000 (the last of a
|     million at 50 a page): sequential requests, Inertia JSON and HTML;
|   - the CSV export: time to the first byte and to the end, size and rows,
|     and the app process's resident memory (RSS, sampled from /proc every
|     25 ms) before and at its peak during the export.
|
| Environment: BENCH_LARGE (default 1000000), BENCH_REPEAT (default 20)
| requests per page measurement.
|
*/
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  base,
  childProcessesOf,
  firstVisit,
  log,
  logIn,
  prepare,
  root,
  seed,
  startApp,
  startSmtpSink,
  stopAll,
} from './lib.js'

const benchDir = join(root, 'tmp', 'bench', 'signatures')
const LARGE = Number(process.env.BENCH_LARGE ?? 1_000_000)
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20)
const PER_PAGE = 50

const sink = await startSmtpSink()
const appEnv = await prepare(benchDir, sink.port)
log(`seeding petitions with 1,000 and ${LARGE.toLocaleString('en')} signatures…`)
const {
  petitions: [small, large],
  owner,
} = seed(appEnv, [1000, LARGE])
const app = await startApp(appEnv)
const member = await logIn(owner.email, owner.password)
const version = (await firstVisit('/')).page.version

/** The resident memory of the app's processes (the supervisor and its workers) now, in MB (Linux). */
function rssMb() {
  const pids = [app.pid, ...childProcessesOf(app.pid)]
  return pids.reduce((total, pid) => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return total + Number(status.match(/VmRSS:\s+(\d+) kB/)[1]) / 1024
  }, 0)
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]

/** Sequential requests of one page of the table: min, median and p95 in ms. */
async function timePage(petition, page, inertia) {
  const url = `${base}/petition/${petition.guid}/signatures?page=${page}`
  const headers = inertia
    ? {
        'cookie': member.cookie,
        'x-inertia': 'true',
        'x-inertia-version': version,
        'x-requested-with': 'XMLHttpRequest',
      }
    : { cookie: member.cookie }
  const times = []
  let rows = 0
  for (let attempt = 0; attempt < REPEAT + 2; attempt++) {
    const started = performance.now()
    const response = await fetch(url, { headers })
    const body = await response.text()
    const elapsed = performance.now() - started
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`)
    if (inertia) rows = JSON.parse(body).props.signatures.data.length
    // The first two warm the caches and the JIT.
    if (attempt >= 2) times.push(elapsed)
  }
  times.sort((a, b) => a - b)
  return {
    min: times[0],
    median: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    rows: inertia ? rows : undefined,
  }
}

/** Downloads the export, counting bytes and lines while sampling the app's memory. */
async function timeExport(petition) {
  // Let the collector settle, so the baseline is not an earlier request's garbage.
  await new Promise((done) => setTimeout(done, 1000))
  const before = rssMb()
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 25)
  const started = performance.now()
  const response = await fetch(`${base}/petition/${petition.guid}/signatures/download`, {
    method: 'POST',
    headers: { 'cookie': member.cookie, 'x-xsrf-token': member.xsrf },
  })
  if (response.status !== 200) throw new Error(`export: ${response.status}`)
  let firstByte = 0
  let bytes = 0
  let lines = 0
  for await (const chunk of response.body) {
    if (!firstByte) firstByte = performance.now() - started
    bytes += chunk.length
    for (const byte of chunk) if (byte === 10) lines++
  }
  const total = performance.now() - started
  clearInterval(sampler)
  peak = Math.max(peak, rssMb())
  return {
    seconds: total / 1000,
    firstByteMs: firstByte,
    mb: bytes / 1024 / 1024,
    rows: lines - 1,
    rssBefore: before,
    rssPeak: peak,
    disposition: response.headers.get('content-disposition'),
  }
}

const results = { pages: [], exports: [] }
const lastPage = Math.ceil(large.signatures / PER_PAGE)
for (const [petition, page] of [
  [small, 1],
  [small, Math.ceil(small.signatures / PER_PAGE)],
  [large, 1],
  [large, Math.ceil(lastPage / 2)],
  [large, lastPage],
]) {
  for (const inertia of [true, false]) {
    const timing = await timePage(petition, page, inertia)
    const row = {
      'signatures': petition.signatures.toLocaleString('en'),
      page,
      'format': inertia ? 'JSON' : 'HTML',
      'min ms': +timing.min.toFixed(1),
      'median ms': +timing.median.toFixed(1),
      'p95 ms': +timing.p95.toFixed(1),
    }
    results.pages.push(row)
    log(`page ${page} of ${row.signatures} (${row.format}): median ${row['median ms']} ms`)
  }
}

for (const petition of [small, large]) {
  log(`exporting ${petition.signatures.toLocaleString('en')} signatures…`)
  const result = await timeExport(petition)
  if (result.rows !== petition.signatures) {
    throw new Error(`the export has ${result.rows} rows for ${petition.signatures} signatures`)
  }
  results.exports.push({
    'signatures': petition.signatures.toLocaleString('en'),
    'seconds': +result.seconds.toFixed(2),
    'rows/s': Math.round(result.rows / result.seconds),
    'first byte ms': +result.firstByteMs.toFixed(1),
    'size MB': +result.mb.toFixed(1),
    'RSS before MB': +result.rssBefore.toFixed(0),
    'RSS peak MB': +result.rssPeak.toFixed(0),
  })
  log(`  ${result.seconds.toFixed(2)} s, ${result.disposition}`)
}

console.log()
console.table(results.pages)
console.table(results.exports)
writeFileSync(join(benchDir, 'results.json'), JSON.stringify(results, null, 2))
log(`results written to ${join(benchDir, 'results.json')}`)
stopAll()
sink.close()
process.exit(0)
