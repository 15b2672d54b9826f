/*
|--------------------------------------------------------------------------
| npm run bench -- --watchers=N
|--------------------------------------------------------------------------
|
| The crowd: N petition pages follow one petition's live counts through
| nginx (deploy/nginx.conf, bench/nginx.js) in front of the production
| build, while guests sign it and confirm at BENCH_SIGN_RATE (200) a second
| each. nginx holds the streams itself (Nchan): the app publishes each count
| to it once (LIVE_COUNTS_RELAY_URL). The pages are played by a few
| processes of raw sockets (bench/watchers_client.js), from loopback source
| addresses of their own (127.x.y.z: ports run out at about 28,000 per
| source address), each page naming a visitor address of its own in
| X-Forwarded-For, which nginx believes from loopback as it would a load
| balancer's (`visitorsNamedByProxy`): the cap of 20 streams per address
| applies as it is. nginx reaches the one node
| under several loopback addresses, for the same reason (the app listens on
| 0.0.0.0 for it). This machine lets a process hold only so many open
| files (its hard limit, raised by nothing here), so the bench runs as many
| app workers, nginx workers and client processes as N needs within it.
|
| Reports: streams held, memory per page (resident memory of the app's
| processes and nginx's over N, and what the crowd added), how long after a
| count's publication every page saw it (its first sighting anywhere;
| p50/p99/max), how long after the oldest confirmation a count newly shows,
| the longest each page went between two new counts, the signing and
| confirming rates meanwhile, and the CPU of each side against a run of
| signing alone. Target: N pages held, each sees every new count within 2 s
| of its publication.
|
| Environment: BENCH_DURATION (s, default 30) of signing under the crowd,
| BENCH_SIGN_RATE (default 200), NGINX_PORT (default 3580; the app publishes
| to the next port), BENCH_DB=pg for
| PostgreSQL + Redis; `-- --profile` writes CPU profiles of the app during
| the measured run.
|
*/
import { fork } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { profiledEnv, profileOfRun, toggleProfiles } from './profile_summary.js'
import {
  APP_PORT,
  buildDir,
  childProcessesOf,
  cpuSeconds,
  firstVisit,
  log,
  petitionCount,
  prepare,
  root,
  run,
  seed,
  startApp,
  startSmtpSink,
  stopAll,
} from './lib.js'
import { relayUrl, startNginx } from './nginx.js'
import {
  delays,
  openFilesHardLimit,
  publishedCounts,
  rssMb,
} from './watchers_figures.js'

const WATCHERS = Number(process.argv.find((arg) => arg.startsWith('--watchers='))?.split('=')[1])
const DURATION = Number(process.env.BENCH_DURATION ?? 30)
const RATE = Number(process.env.BENCH_SIGN_RATE ?? 200)
const BASELINE = 10
const NGINX_PORT = Number(process.env.NGINX_PORT ?? 3580)
const TARGET_MS = 2000
// Signers and confirmers are people of their own: enough connections that a slower answer
// does not slow the rate (20 would cap it at 20 / latency).
const PEOPLE_AT_ONCE = 100
const PROFILE = process.argv.includes('--profile')
const benchDir = join(root, 'tmp', 'bench', 'watchers')
const profileDir = join(root, 'tmp', 'bench', 'profiles')

// Sized for this machine's open files per process. nginx holds the streams (one connection a
// page), the app none: it publishes each count to nginx once.
const descriptors = openFilesHardLimit() ?? 65536
const appWorkers = Number(process.env.WEB_CONCURRENCY) || availableParallelism()
const nginxWorkers = Math.max(2, Math.ceil((WATCHERS * 1.1) / (descriptors - 1000)))
const clients = Math.max(2, Math.ceil(WATCHERS / (descriptors - 5000)))
const upstreamAddresses = Math.max(1, Math.ceil((WATCHERS * 1.5) / 28000))
// A loopback range of this run's own: the last run's ports wait out their TIME_WAIT.
const range = 1 + (process.pid % 250)

const sink = await startSmtpSink()
const appEnv = {
  ...(await prepare(benchDir, sink.port)),
  HOST: '0.0.0.0',
  LIVE_COUNTS_RELAY_URL: relayUrl(NGINX_PORT + 1),
}
appEnv.WEB_CONCURRENCY = String(appWorkers)
const {
  petitions: [petition],
} = seed(appEnv, [1000])
const app = await startApp(PROFILE ? profiledEnv(appEnv, profileDir) : appEnv)
const nginx = await startNginx({
  servers: Array.from({ length: upstreamAddresses }, (_, i) => `127.0.0.${i + 1}:${APP_PORT}`),
  port: NGINX_PORT,
  publishPort: NGINX_PORT + 1,
  dir: join(benchDir, 'nginx'),
  visitorsNamedByProxy: true,
  workers: nginxWorkers,
  connections: descriptors - 500,
  descriptors,
  backlog: 4096,
})
const nginxProcesses = () => [nginx.child.pid, ...childProcessesOf(nginx.child.pid)]
const appProcesses = () => [app.pid, ...childProcessesOf(app.pid)]
log(
  `${appWorkers} app workers, ${nginxWorkers} nginx workers, ${clients} crowd processes ` +
    `(${descriptors} open files a process); nginx on ${nginx.url}; ` +
    `resident memory at start: app ${Math.round(rssMb(appProcesses()))} MB, nginx ${Math.round(rssMb(nginxProcesses()))} MB`
)

// Guests sign through nginx with a first form's cookies; confirmations come from their links.
const visitor = await firstVisit(`/petition/${petition.slug}`, nginx.url)
const customFieldId = visitor.page.props.petition.customFields[0].id
const headers = {
  'x-inertia': 'true',
  'x-inertia-version': visitor.page.version,
  'x-requested-with': 'XMLHttpRequest',
  'cookie': visitor.cookie,
  'x-xsrf-token': visitor.xsrf,
}
let signer = 0
const signRequest = {
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  requests: [
    {
      setupRequest(request) {
        request.body = JSON.stringify({
          firstName: 'Crowd',
          lastName: 'Signer',
          email: `crowd.signer.${signer++}@example.org`,
          country: ['UA', 'PL', 'DE', 'FR'][signer % 4],
          comment: 'I follow this petition with the crowd.',
          private: signer % 9 === 0,
          support: signer % 5 !== 0,
          customFields: [{ id: customFieldId, value: 'Kyiv' }],
        })
        return request
      },
    },
  ],
}
const sign = (options) =>
  autocannon({ url: `${nginx.url}/petition/${petition.guid}/sign`, ...signRequest, ...options })

/** Waits until no mail has reached the sink for 2 s (two minutes at most): a run's mails are out. */
async function mailsOut() {
  const deadline = Date.now() + 120_000
  let last = -1
  while (sink.received !== last && Date.now() < deadline) {
    last = sink.received
    await new Promise((done) => setTimeout(done, 2000))
  }
}

// Enough links for every phase, each confirmed once.
const signatures = Math.ceil(RATE * (BASELINE + DURATION) * 1.1) + 200
log(`signing ${signatures} signatures to confirm later…`)
await sign({ connections: 32, amount: signatures })
await mailsOut()
const linksFile = join(benchDir, 'links.txt')
run(['ace.js', 'bench:links', `--out=${linksFile}`], { cwd: buildDir, env: appEnv })
const links = readFileSync(linksFile, 'utf8').split('\n').filter(Boolean)
/** The next link to confirm: each once. */
let nextLink = 0

/**
 * Signing at `signRate` and confirming at `confirmRate` a second for
 * `seconds`: both results, and when each confirmation was answered.
 */
async function signAndConfirm(seconds, signRate = RATE, confirmRate = RATE) {
  const confirmedAt = []
  let sent = 0
  const confirming = autocannon({
    url: nginx.url,
    method: 'POST',
    connections: PEOPLE_AT_ONCE,
    overallRate: confirmRate,
    duration: seconds,
    headers: { 'cookie': visitor.cookie, 'x-xsrf-token': visitor.xsrf, 'x-inertia': 'true' },
    requests: [
      {
        setupRequest(request) {
          request.path = links[nextLink++]
          sent++
          return request
        },
        onResponse(status, body, context) {
          if (status < 400) confirmedAt.push(Date.now())
          else if (process.env.WATCH_DEBUG) console.error('CONFIRM', status, String(body).slice(0, 300))
        },
      },
    ],
  })
  const signing = signRate
    ? sign({ connections: PEOPLE_AT_ONCE, overallRate: signRate, duration: seconds })
    : null
  const [signed, confirmed] = await Promise.all([signing, confirming])
  return { signed, confirmed, sent, confirmedAt: confirmedAt.sort((a, b) => a - b) }
}

/** CPU seconds of each side so far. */
const cpuNow = (crowd) => ({
  app: cpuSeconds(appProcesses()),
  nginx: cpuSeconds(nginxProcesses()),
  crowd: cpuSeconds(crowd.map((child) => child.pid)),
  bench: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
})
const cores = (before, after, seconds) =>
  Object.fromEntries(Object.keys(after).map((key) => [key, (after[key] - before[key]) / seconds]))

// 1. Signing alone, for the cost of the crowd beside it.
log(`signing and confirming at ${RATE}/s each for ${BASELINE} s, no crowd…`)
let started = Date.now()
let before = cpuNow([])
const alone = await signAndConfirm(BASELINE)
const aloneCores = cores(before, cpuNow([]), (Date.now() - started) / 1000)
await mailsOut()
const idleMb = rssMb(appProcesses()) + rssMb(nginxProcesses())
log(`resident memory after signing alone: app ${Math.round(rssMb(appProcesses()))} MB`)

// 2. The crowd gathers.
log(`opening ${WATCHERS.toLocaleString('en')} pages' live counts…`)
const crowd = Array.from({ length: clients }, (_, index) => {
  const count = Math.floor(WATCHERS / clients) + (index < WATCHERS % clients ? 1 : 0)
  const first = Math.floor(WATCHERS / clients) * index + Math.min(index, WATCHERS % clients)
  const sources = [1, 2].map((last) => `127.${range}.${index + 1}.${last}`)
  return fork(new URL('watchers_client.js', import.meta.url), {
    env: {
      ...process.env,
      WATCH_COUNT: String(count),
      WATCH_FIRST: String(first + 1),
      WATCH_PORT: String(NGINX_PORT),
      WATCH_GUID: petition.guid,
      WATCH_SOURCES: sources.join(','),
      // About 300 pages opening at once in all: more overflow the app's listen backlog
      // (nginx's connects time out and it takes the node out for 10 s).
      WATCH_IN_FLIGHT: String(Math.ceil(300 / clients)),
    },
  })
})
const ask = (child, message, type) =>
  new Promise((resolve) => {
    const listen = (reply) => reply.type === type && (child.off('message', listen), resolve(reply))
    child.on('message', listen)
    if (message) child.send(message)
  })
started = Date.now()
const opened = await Promise.all(crowd.map((child) => ask(child, null, 'opened')))
const openSeconds = (Date.now() - started) / 1000
const sum = (replies, key) => replies.reduce((total, reply) => total + reply[key], 0)
const failures = {}
for (const reply of opened)
  for (const [reason, n] of Object.entries(reply.failed))
    failures[reason] = (failures[reason] ?? 0) + n
log(
  `in ${openSeconds.toFixed(0)} s: ${sum(opened, 'open')} streams, failed: ${JSON.stringify(failures)}`
)
await new Promise((done) => setTimeout(done, 5000))
const appMb = rssMb(appProcesses())
const nginxMb = rssMb(nginxProcesses())

/** What the crowd saw from now on: 'reset' now, then the counts published and its delays. */
const watchFrom = () => Promise.all(crowd.map((child) => ask(child, 'reset', 'reset')))
async function whatTheCrowdSaw(confirmedAt, base) {
  const replies = await Promise.all(crowd.map((child) => ask(child, 'firsts', 'firsts')))
  const published = publishedCounts(replies)
  const message = { type: 'figures', published, confirmedAt, base }
  const figures = delays(await Promise.all(crowd.map((child) => ask(child, message, 'figures'))))
  return { replies, published, figures }
}

// 3. The cost of a push: the crowd watching while a few confirmations a second move the count.
await watchFrom()
log('10 confirmations a second for 10 s under the crowd, for the cost of each push…')
started = Date.now()
before = cpuNow(crowd)
await signAndConfirm(10, 0, 10)
await new Promise((done) => setTimeout(done, 3000))
const pushCores = cores(before, cpuNow(crowd), (Date.now() - started) / 1000)
const pushSeconds = (Date.now() - started) / 1000
const quiet = await whatTheCrowdSaw([], 0)
await mailsOut()

// 4. Signing under the crowd.
await watchFrom()
const base = await petitionCount(appEnv, petition.guid)
log(`signing and confirming at ${RATE}/s each for ${DURATION} s under the crowd (count ${base})…`)
if (PROFILE) toggleProfiles(profileDir, 'watchers', appProcesses())
started = Date.now()
before = cpuNow(crowd)
const watched = await signAndConfirm(DURATION)
// The last flush and pass.
await new Promise((done) => setTimeout(done, 3000))
const watchedSeconds = (Date.now() - started) / 1000
const watchedCores = cores(before, cpuNow(crowd), watchedSeconds)
if (PROFILE) {
  toggleProfiles(profileDir, 'watchers', appProcesses())
  const { busyMs, rows } = await profileOfRun(profileDir, 'watchers', appProcesses().length)
  console.log(`CPU profile of the app under the crowd: ${Math.round(busyMs)} ms busy`)
  console.table(rows)
}
const {
  replies: final,
  published,
  figures: seen,
} = await whatTheCrowdSaw(watched.confirmedAt, base)
const held = sum(final, 'open')
// The counter flushes confirmations a second or so after their answers: up to 10 s for the last.
let finalCount = await petitionCount(appEnv, petition.guid)
for (let tries = 0; tries < 20 && finalCount - base < watched.confirmedAt.length; tries++) {
  await new Promise((done) => setTimeout(done, 500))
  finalCount = await petitionCount(appEnv, petition.guid)
}
const rise = finalCount - base

const rate = (result) => Math.round(result.requests.average)
const answers = (result) => ({
  ...Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])
  ),
  errors: result.errors,
  timeouts: result.timeouts,
})
const failedOf = (result) => result.errors + result.timeouts + result['4xx'] + result['5xx']
const r2 = (value) => Math.round(value * 100) / 100
const pushes = published.length
const perPush = (side) =>
  Math.round((pushCores[side] * pushSeconds * 1000) / Math.max(1, quiet.published.length))
const rows = {
  'pages asked for': WATCHERS,
  'streams held (end)': held,
  'pages refused or lost': WATCHERS - held,
  'streams dropped meanwhile': sum(final, 'dropped'),
  'time to open them all (s)': Math.round(openSeconds),
  'memory per page (KB, app + nginx)': Math.round(((appMb + nginxMb) * 1024) / WATCHERS),
  '… of which the crowd added (KB)': Math.round(((appMb + nginxMb - idleMb) * 1024) / WATCHERS),
  'app / nginx resident memory (MB)': `${Math.round(appMb)} / ${Math.round(nginxMb)}`,
  'counts published (pushes)': pushes,
  'until every page saw a count, after its publication: p50/p99/max ms': `${seen.lastPage.p50} / ${seen.lastPage.p99} / ${seen.lastPage.max}`,
  'each page saw each count, after its publication: p50/p99/max ms': `${seen.afterPublication.p50} / ${seen.afterPublication.p99} / ${seen.afterPublication.max}`,
  'each page saw each confirmation, after its answer: p50/p99/max ms': `${seen.afterConfirmation.p50} / ${seen.afterConfirmation.p99} / ${seen.afterConfirmation.max}`,
  'longest a page went between two new counts: p50/p99/max ms': `${seen.between.p50} / ${seen.between.p99} / ${seen.between.max}`,
  'counts a page never saw (nor a later one)': seen.missed,
  'sign/s (target) and p99 ms, alone': `${rate(alone.signed)} (${RATE}), ${alone.signed.latency.p99}`,
  'sign/s and p99 ms, under the crowd': `${rate(watched.signed)}, ${watched.signed.latency.p99}`,
  'confirm/s and p99 ms, under the crowd': `${rate(watched.confirmed)}, ${watched.confirmed.latency.p99}`,
  'sign/confirm errors, under the crowd': `${failedOf(watched.signed)} / ${failedOf(watched.confirmed)}`,
  'confirm answers, alone / under the crowd': `${JSON.stringify(answers(alone.confirmed))} / ${JSON.stringify(answers(watched.confirmed))}`,
  // Confirmations still in flight when the run ended are stored, but never answered to autocannon.
  'counts exact (answered ≤ rise ≤ sent)': `${rise >= watched.confirmedAt.length && rise <= watched.sent} (${watched.confirmedAt.length} ≤ ${rise} ≤ ${watched.sent})`,
  'cores signing alone: app / nginx': `${r2(aloneCores.app)} / ${r2(aloneCores.nginx)}`,
  'cores under the crowd: app / nginx / crowd / bench': `${r2(watchedCores.app)} / ${r2(watchedCores.nginx)} / ${r2(watchedCores.crowd)} / ${r2(watchedCores.bench)}`,
  'CPU ms per push (10 confirmations/s): app / nginx / crowd': `${perPush('app')} / ${perPush('nginx')} / ${perPush('crowd')} (${quiet.published.length} pushes)`,
}
console.log()
console.table(Object.entries(rows).map(([figure, value]) => ({ figure, value })))
const met =
  held === WATCHERS &&
  seen.missed === 0 &&
  seen.lastPage.max !== null &&
  seen.lastPage.max <= TARGET_MS
console.log(
  `Target: ${WATCHERS.toLocaleString('en')} pages held, each sees every new count within ` +
    `${TARGET_MS / 1000} s of its publication: ${met ? 'met' : 'NOT met'}.`
)
// Every process of the run gone before the next run starts: workers that end
// tens of thousands of streams take seconds, and would eat its first phase.
const runProcesses = [...appProcesses(), ...nginxProcesses(), ...crowd.map((child) => child.pid)]
for (const child of crowd) child.kill()
nginx.stop()
stopAll()
sink.close()
const alive = (pid) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
for (let waited = 0; waited < 60 && runProcesses.some(alive); waited++)
  await new Promise((done) => setTimeout(done, 500))
for (const pid of runProcesses.filter(alive)) process.kill(pid, 'SIGKILL')
process.exit(met ? 0 : 1)
