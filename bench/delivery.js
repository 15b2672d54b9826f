/*
|--------------------------------------------------------------------------
| npm run bench:delivery (also the last part of npm run bench)
|--------------------------------------------------------------------------
|
| The delivery package of a petition with 1,000,000 signatures (and one with
| 1,000), with the list of signers, downloaded from the production build
| with SQLite, as the owner's form posts it: a ZIP of one PDF per recipient
| (the benchmark petition has one), streamed while the signers are read in
| chunks. Reports the time to the first byte and to the end, the size, and
| the resident memory (RSS, sampled from /proc every 25 ms) of the serving
| process before and at its peak. The target: a download adds at most
| 200 MB to what the process held before it (exit 1 otherwise).
|
| Environment: BENCH_LARGE (default 1000000); WEB_CONCURRENCY (default 1:
| one worker serves the download, so its memory is the one measured).
| `-- --profile`: a CPU profile of the app's processes during each download,
| its costliest functions printed (bench/profiler.js).
|
*/
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  base,
  childProcessesOf,
  log,
  logIn,
  prepare,
  root,
  seed,
  startApp,
  startSmtpSink,
  stopAll,
} from './lib.js'
import { profiledEnv, profileOfRun, toggleProfiles } from './profile_summary.js'

const benchDir = join(root, 'tmp', 'bench', 'delivery')
const LARGE = Number(process.env.BENCH_LARGE ?? 1_000_000)
const TARGET_MB = 200
process.env.WEB_CONCURRENCY ??= '1'

const sink = await startSmtpSink()
const appEnv = await prepare(benchDir, sink.port)
log(`seeding petitions with 1,000 and ${LARGE.toLocaleString('en')} signatures…`)
const seedStarted = performance.now()
const {
  petitions: [small, large],
  owner,
} = seed(appEnv, [1000, LARGE])
log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`)
const PROFILE = process.argv.includes('--profile')
const profileDir = join(benchDir, 'profiles')
const app = await startApp(PROFILE ? profiledEnv(appEnv, profileDir) : appEnv)
const appProcesses = () => [app.pid, ...childProcessesOf(app.pid)]
const member = await logIn(owner.email, owner.password)

/**
 * A process's resident memory now, in MB (Linux): all of it (RSS), and its
 * own part (RssAnon: heaps and native allocations, without the mapped files
 * such as the SQLite database's pages, which the kernel shares and reclaims).
 */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (field) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))[1]) / 1024
    return { rss: kb('VmRSS'), anon: kb('RssAnon') }
  } catch {
    return { rss: 0, anon: 0 }
  }
}

/**
 * The memory of the serving process: the worker's, or the app's own with no
 * worker.
 */
function memory() {
  const workers = childProcessesOf(app.pid)
  const all = [app.pid, ...workers].map((pid) => ({ pid, ...memoryOf(pid) }))
  const serving = workers.length > 0 ? all.slice(1) : all
  return serving.reduce((largest, process) => (process.rss > largest.rss ? process : largest))
}

/** Downloads the package with the list, counting bytes while sampling the app's memory. */
async function download(petition) {
  // Let the collector settle, so the baseline is not an earlier request's garbage.
  await new Promise((done) => setTimeout(done, 1000))
  const before = memory()
  const peak = { ...before }
  const sample = () => {
    const now = memory()
    peak.rss = Math.max(peak.rss, now.rss)
    peak.anon = Math.max(peak.anon, now.anon)
  }
  const sampler = setInterval(sample, 25)
  const started = performance.now()
  const response = await fetch(`${base}/petition/${petition.guid}/delivery`, {
    method: 'POST',
    headers: {
      'cookie': member.cookie,
      'x-xsrf-token': member.xsrf,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ paperSize: 'a4', language: 'uk', includeList: 'true' }),
  })
  if (response.status !== 200) {
    throw new Error(`package: ${response.status} ${(await response.text()).slice(0, 300)}`)
  }
  let firstByte = 0
  let bytes = 0
  let tail = Buffer.alloc(0)
  for await (const chunk of response.body) {
    if (!firstByte) firstByte = performance.now() - started
    bytes += chunk.length
    tail = Buffer.concat([tail, chunk]).subarray(-4096)
  }
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  sample()
  // A whole archive ends with its central directory's end record.
  if (!tail.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]))) {
    throw new Error('the package does not end as a ZIP archive')
  }
  return {
    seconds,
    firstByteMs: firstByte,
    mb: bytes / 1024 / 1024,
    before,
    peak,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
  }
}

const results = []
for (const petition of [small, large]) {
  log(`downloading the package of ${petition.signatures.toLocaleString('en')} signatures…`)
  const label = `package-${petition.signatures}`
  if (PROFILE) toggleProfiles(profileDir, label, appProcesses())
  const result = await download(petition)
  if (PROFILE) {
    toggleProfiles(profileDir, label, appProcesses())
    const { busyMs, rows } = await profileOfRun(profileDir, label, appProcesses().length)
    console.log(`CPU profile of ${label}: ${Math.round(busyMs)} ms busy`)
    console.table(rows)
  }
  results.push({
    'signatures': petition.signatures.toLocaleString('en'),
    'seconds': +result.seconds.toFixed(1),
    'signers/s': Math.round(petition.signatures / result.seconds),
    'first byte ms': +result.firstByteMs.toFixed(0),
    'size MB': +result.mb.toFixed(1),
    'RSS before MB': +result.before.rss.toFixed(0),
    'RSS peak MB': +result.peak.rss.toFixed(0),
    'RSS growth MB': +(result.peak.rss - result.before.rss).toFixed(0),
    'own before MB': +result.before.anon.toFixed(0),
    'own peak MB': +result.peak.anon.toFixed(0),
  })
  log(`  ${result.seconds.toFixed(1)} s, ${result.type}, ${result.disposition}`)
}

console.log()
console.table(results)
writeFileSync(join(benchDir, 'results.json'), JSON.stringify(results, null, 2))
log(`results written to ${join(benchDir, 'results.json')}`)
// The app holds its SSR bundle, caches and pools before any download: the
// target is what a download adds to that, however many signers it lists.
const worst = Math.max(...results.map((row) => row['RSS growth MB']))
log(
  `the serving process grew by at most ${worst} MB during a download: ` +
    (worst <= TARGET_MB ? 'within' : 'above') +
    ` the ${TARGET_MB} MB target`
)
stopAll()
sink.close()
process.exit(worst <= TARGET_MB ? 0 : 1)
