/*
|--------------------------------------------------------------------------
| npm run bench
|--------------------------------------------------------------------------
|
| Throughput of the hot paths on the production build, run as `npm start`
| runs it (a worker process per core, each with its queue worker), beside a
| bare Node `http` hello-world measured in the same run:
|   - petition page views (Inertia JSON and server-rendered HTML) for a
|     petition with 1,000 and one with 1,000,000 signatures;
|   - guest sign requests (distinct e-mails), sustained, and how long after
|     the last one the last confirmation mail reaches the SMTP server;
|   - confirmations (the POST of the mailed link), sustained;
|   - signing and confirming again on a petition with 3 webhook endpoints
|     (3 deliveries a confirmation, sent by the site's webhook worker to
|     a receiver of the bench's, a process of its own niced as that worker
|     is: bench/webhook_receiver.js), and how long after the confirm run the
|     last delivery lands; then both again with the endpoints disabled, the
|     control that ran after it on the same grown database;
|   - the page views, signing and confirming again while BENCH_SUBSCRIBERS
|     open pages hold a live-count stream of that petition (one message per
|     flush reaches each of them);
|   - a crash: a worker killed with SIGKILL in the middle of a sign run;
|     every signature answered with success must be stored and mailed;
| then checks that the counters equal a recount from the rows.
|
| Environment: BENCH_DB=pg for PostgreSQL + Redis (SQLite alone by default),
| BENCH_DURATION (s, default 30) for signing and confirming,
| BENCH_PAGE_DURATION (s, default 10) per page scenario, BENCH_WARM_UP (s,
| default 3) of each page kind unmeasured before them, BENCH_CONNECTIONS
| (default 50), BENCH_LARGE (default 1000000) signatures of the big petition,
| WEB_CONCURRENCY (default: the cores), BENCH_SUBSCRIBERS (default 200) live
| streams on the small petition for the second round of page views, signing
| and confirming (0 skips it). Rate limits are wide open
| (RATE_LIMIT_FACTOR) and kept in memory, or in Redis with BENCH_DB=pg.
|
*/
import { readFileSync, writeFileSync } from 'node:fs'
import { setPriority } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { profiledEnv, profileOfRun, toggleProfiles } from './profile_summary.js'
import {
  base,
  buildDir,
  childProcessesOf,
  cpuSeconds,
  firstVisit,
  log,
  mailWorkersAmong,
  webhookWorkersAmong,
  openLiveStreams,
  onPostgres,
  prepare,
  root,
  run,
  seed,
  signaturesStored,
  startApp,
  startChild,
  startSmtpSink,
  stopAll,
  waitFor,
} from './lib.js'

const benchDir = join(root, 'tmp', 'bench', 'pages')

const DURATION = Number(process.env.BENCH_DURATION ?? 30)
const PAGE_DURATION = Number(process.env.BENCH_PAGE_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const LARGE = Number(process.env.BENCH_LARGE ?? 1_000_000)
const HELLO_PORT = 3501
const WEBHOOK_PORT = 3502
/** The webhook receiver's niceness: the site's webhook worker's (bin/supervisor.ts). */
const RECEIVER_NICENESS = 5
/** `-- --profile`: a CPU profile of every app process during each page, sign and confirm run. */
const PROFILE = process.argv.includes('--profile')
const profileDir = join(root, 'tmp', 'bench', 'profiles')

// 1. A fresh production bundle and an empty SQLite database of its own.
const sink = await startSmtpSink()
const appEnv = await prepare(benchDir, sink.port)
log(`seeding petitions with 1,000 and ${LARGE.toLocaleString('en')} signatures…`)
const {
  petitions: [small, large],
} = seed(appEnv, [1000, LARGE])

// 2. The servers: the app, and a bare hello-world as the machine's yardstick.
const hello = startChild([
  '-e',
  `require('node:http').createServer((q, s) => s.end('hello world')).listen(${HELLO_PORT}, '127.0.0.1')`,
])
const app = await startApp(PROFILE ? profiledEnv(appEnv, profileDir) : appEnv)
await waitFor(`http://127.0.0.1:${HELLO_PORT}/`)

// A returning visitor's cookies (session and XSRF-TOKEN, as after a first form) and the asset version.
const visitor = await firstVisit(`/petition/${small.slug}`)
const customFieldId = visitor.page.props.petition.customFields[0].id

/**
 * CPU seconds the machine's hypervisor gave to others while this one wanted them
 * (steal, from /proc/stat): on a shared virtual machine a run can lose half its
 * cores so, and its rate with them; the CPU time per request stays comparable.
 */
function stolenSeconds() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)
    return Number(fields[8] ?? 0) / 100
  } catch {
    return 0
  }
}

/** The app's processes: the supervisor and its workers (a killed worker's replacement too). */
const appProcesses = () => [app.pid, ...childProcessesOf(app.pid)]

/** The ratio to the hello-world each kind of run must reach on the same machine. */
function targetRatio(name) {
  if (name.startsWith('page')) return 0.059
  if (name.startsWith('sign') || name.startsWith('confirm')) return 0.0235
  return null
}

/** Prints the costliest functions of a run's profiles, once each process has written its own. */
async function summariseProfiles(label, pids) {
  const { processes, busyMs, rows } = await profileOfRun(profileDir, label, pids.length)
  profiles.push({ run: label, busyMs, rows })
  console.log(`CPU profile of ${label}: ${Math.round(busyMs)} ms busy over ${processes} processes`)
  console.table(rows)
}

/**
 * The answers of each whole second of a run, counted as they come: the
 * slowest second against the median one. The part-second in which a run
 * bounded by an amount of requests ends is not a second of its own (it
 * would read as a stall).
 */
function answersPerSecond(run) {
  const counts = []
  let answered = 0
  run.on('response', () => answered++)
  const sampler = setInterval(() => {
    counts.push(answered)
    answered = 0
  }, 1000)
  return {
    stop: () => clearInterval(sampler),
    slowestAgainstMedian() {
      if (counts.length === 0) return null
      const sorted = [...counts].sort((a, b) => a - b)
      const median = sorted[Math.floor(sorted.length / 2)] || 1
      return Math.round((sorted[0] / median) * 100) / 100
    },
  }
}

const results = []
const profiles = []
let helloRate = null
async function measure(name, options, notes = '', { profile = true } = {}) {
  log(`${name}…`)
  const isHello = name.startsWith('node http')
  const pids = isHello ? [hello.pid] : appProcesses()
  const label = name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
  const profiled = PROFILE && profile && !isHello
  if (profiled) toggleProfiles(profileDir, label, pids)
  const cpuBefore = cpuSeconds(pids)
  const stolenBefore = stolenSeconds()
  const run = autocannon({ connections: CONNECTIONS, ...options })
  const seconds = answersPerSecond(run)
  const result = await run
  seconds.stop()
  // A worker killed during the run takes its CPU time with it: no figure then.
  const cpuUsed = Math.max(0, cpuSeconds(pids) - cpuBefore) || null
  const cores = cpuUsed / (result.duration || 1)
  const stolen = (stolenSeconds() - stolenBefore) / (result.duration || 1)
  if (profiled) {
    toggleProfiles(profileDir, label, pids)
    await summariseProfiles(label, pids)
  }
  const failed = result.errors + result.timeouts + result['4xx'] + result['5xx']
  const rate = Math.round(result.requests.average)
  if (isHello) helloRate = rate
  const target = targetRatio(name)
  const ratio = helloRate ? rate / helloRate : null
  const row = {
    'scenario': name,
    'req/s': rate,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    // Stalls: the longest wait, and the slowest second against the run's median second.
    'max ms': result.latency.max,
    'slowest s': isHello ? null : seconds.slowestAgainstMedian(),
    'requests': result.requests.total,
    'errors': failed,
    'cores': cpuUsed && Math.round(cores * 100) / 100,
    'CPU ms/req':
      cpuUsed && result.requests.total
        ? Math.round((cpuUsed / result.requests.total) * 1e5) / 100
        : null,
    'stolen cores': Math.round(stolen * 100) / 100,
    'ratio': isHello ? 1 : ratio && Math.round(ratio * 10000) / 10000,
    'target':
      target && `${target}${ratio >= target ? ' met' : ` (${Math.ceil(target * helloRate)}/s)`}`,
    notes,
  }
  results.push(row)
  log(
    `  ${rate} req/s, p50 ${row['p50 ms']} ms, p99 ${row['p99 ms']} ms, max ${row['max ms']} ms, ` +
      `slowest second ${row['slowest s']} of the median, ${failed} errors, ` +
      `${row.cores} cores (${row['CPU ms/req']} ms a request), ${row['stolen cores']} stolen`
  )
  return result
}

const pageHeaders = {
  'cookie': visitor.cookie,
  'x-inertia': 'true',
  'x-inertia-version': visitor.page.version,
  'x-requested-with': 'XMLHttpRequest',
}

// 3. Page views, after a few seconds of each kind unmeasured: a freshly started process
// compiles its hot code during its first thousands of requests, which no visitor of a
// site that has run a while meets.
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP ?? 3)
if (WARM_UP_SECONDS > 0) {
  log(`warming up for ${WARM_UP_SECONDS * 3} s (not measured)…`)
  for (const headers of [pageHeaders, { cookie: visitor.cookie }, {}]) {
    await autocannon({
      connections: CONNECTIONS,
      url: `${base}/petition/${small.slug}`,
      headers,
      duration: WARM_UP_SECONDS,
    })
  }
}
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
  'no cookie: the page every guest gets (public, no cookie set)'
)

// 3b. The same page views while that many open pages of the petition hold a live-count
// stream (right after the ones without, so that both see the same database).
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200)
if (SUBSCRIBERS > 0) {
  const live = await openLiveStreams(SUBSCRIBERS, small.guid)
  const label = `, ${SUBSCRIBERS} live streams`
  log(`${live.stats().open} live streams open on the small petition`)
  await measure(`page JSON, 1,000 signatures${label}`, {
    url: `${base}/petition/${small.slug}`,
    headers: pageHeaders,
    duration: PAGE_DURATION,
  })
  await measure(`page HTML (SSR), 1,000 signatures${label}`, {
    url: `${base}/petition/${small.slug}`,
    headers: { cookie: visitor.cookie },
    duration: PAGE_DURATION,
  })
  live.close()
}

// 4. Guest signatures, each with its own e-mail, on the small petition.
let signer = 0
const signHeaders = {
  ...pageHeaders,
  'content-type': 'application/json',
  'x-xsrf-token': visitor.xsrf,
  'referer': `${base}/petition/${small.slug}`,
}
/** A spread of signers' countries, as a petition shared abroad gets. */
const BENCH_COUNTRIES = ['UA', 'PL', 'DE', 'PT', 'BR', 'US', 'GB', 'FR', 'ES', 'IT']

/** One guest's signature with its own e-mail address. */
function signatureBody(n) {
  return JSON.stringify({
    firstName: 'Bench',
    lastName: 'Signer',
    email: `bench.signer.${n}@example.org`,
    country: BENCH_COUNTRIES[n % BENCH_COUNTRIES.length],
    comment: 'I sign this petition during the benchmark.',
    private: n % 9 === 0,
    support: n % 5 !== 0,
    customFields: [{ id: customFieldId, value: 'Kyiv' }],
  })
}

/** Waits until the SMTP server has `count` mails more than `before` (at most two minutes). */
async function mailsDelivered(count, since, before = 0) {
  const deadline = Date.now() + 120_000
  while (sink.received - before < count && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 50))
  }
  return { received: sink.received - before, lastAt: Math.max(sink.lastAt, since) }
}

/** Guest signatures on the small petition, each with a new e-mail: autocannon's options. */
const signRequests = () => ({
  url: `${base}/petition/${small.guid}/sign`,
  method: 'POST',
  headers: signHeaders,
  requests: [
    {
      setupRequest(request) {
        request.body = signatureBody(signer++)
        return request
      },
    },
  ],
})

/** A run of guest signatures on the small petition, each with a new e-mail. */
function signRun(label, notes) {
  return measure(
    `sign (guest, distinct e-mails)${label}`,
    { ...signRequests(), duration: DURATION },
    notes
  )
}

/** The confirmation links of the last `limit` signatures, read from the database. */
function confirmationLinks(limit, fileName) {
  const linksFile = join(benchDir, fileName)
  run(['ace.js', 'bench:links', `--out=${linksFile}`, `--limit=${limit}`], {
    cwd: buildDir,
    env: appEnv,
  })
  return readFileSync(linksFile, 'utf8').split('\n').filter(Boolean)
}

/** The POST of each confirmation link, once each: autocannon's options. */
function confirmRequests(links) {
  let next = 0
  return {
    url: `${base}/`,
    method: 'POST',
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
  }
}

/** The POST of each confirmation link, once each. */
function confirmRun(links, label) {
  return measure(
    `confirm (POST of the mailed link)${label}`,
    { ...confirmRequests(links), duration: DURATION },
    `${links.length.toLocaleString('en')} links, each once`
  )
}

// Signing and confirming warm up as the pages did, on signatures of their own, whose mails all
// leave before the measured run: its mails, and its slowest second, are then its own.
if (WARM_UP_SECONDS > 0) {
  log(`warming up signing and confirming for ${WARM_UP_SECONDS * 2} s (not measured)…`)
  const mailsBefore = sink.received
  const warmed = await autocannon({
    connections: CONNECTIONS,
    ...signRequests(),
    duration: WARM_UP_SECONDS,
  })
  const answered = warmed['2xx'] + warmed['3xx']
  await mailsDelivered(answered, Date.now(), mailsBefore)
  await autocannon({
    connections: CONNECTIONS,
    ...confirmRequests(confirmationLinks(answered, 'warm-up-links.txt')),
    duration: WARM_UP_SECONDS,
  })
}

// The mail worker's CPU time, apart: what the mails cost, and what is left for the signatures.
const mailWorkers = () => mailWorkersAmong(appProcesses())
const signCpuBefore = cpuSeconds(appProcesses())
const mailWorkerCpuBefore = cpuSeconds(mailWorkers())
const signStartedAt = Date.now()
const signResult = await signRun(
  '',
  "validation, one INSERT (the row is its mail's outbox), session flash; mails sent meanwhile"
)

// Every answered signature gets its confirmation mail; how long after the run the last one lands.
// The mails still to go once signing ended are the only work left: the app's CPU time until the
// last one, over their number, is what a mail costs (the profile `mail-tail` shows where it goes).
const signedAt = Date.now()
const answered = signResult['2xx'] + signResult['3xx']
const mailsAtEnd = sink.received
const tailCpuBefore = cpuSeconds(appProcesses())
const mailWorkerCpuWhileSigning = cpuSeconds(mailWorkers()) - mailWorkerCpuBefore
const signCpu = tailCpuBefore - signCpuBefore - mailWorkerCpuWhileSigning
if (PROFILE) toggleProfiles(profileDir, 'mail-tail', appProcesses())
const mailed = await mailsDelivered(answered, signedAt)
const tailCpu = cpuSeconds(appProcesses()) - tailCpuBefore
const tailMails = mailed.received - mailsAtEnd
if (PROFILE) {
  toggleProfiles(profileDir, 'mail-tail', appProcesses())
  await summariseProfiles('mail-tail', appProcesses())
}
const mailCpuMs = tailMails > 0 ? Math.round((tailCpu / tailMails) * 1e5) / 100 : null
const mailWorkerCpu = cpuSeconds(mailWorkers()) - mailWorkerCpuBefore
const perMailWorker = mailWorkers().length
  ? `; the mail worker: ${Math.round((mailWorkerCpu / mailed.received) * 1e5) / 100} CPU ms a mail, ` +
    `${Math.round((mailWorkerCpuWhileSigning / DURATION) * 100) / 100} cores while signing, ` +
    `the rest ${Math.round((signCpu / Math.max(1, signResult.requests.total)) * 1e5) / 100} CPU ms a signature`
  : ''
results.push({
  'scenario': 'confirmation mails delivered',
  'req/s': Math.round(mailed.received / ((mailed.lastAt - signStartedAt) / 1000)),
  'p50 ms': null,
  'p99 ms': null,
  'requests': mailed.received,
  'errors': Math.max(0, answered - mailed.received),
  'CPU ms/req': mailCpuMs,
  'notes':
    `last mail ${((mailed.lastAt - signedAt) / 1000).toFixed(1)} s after signing ended; ` +
    `${mailsAtEnd} sent during signing, ${tailMails} after it` +
    (mailCpuMs === null ? '' : ` at ${mailCpuMs} CPU ms each`) +
    perMailWorker,
})

// 5. Confirmations: the POST of each mailed link, once each.
await confirmRun(confirmationLinks(signResult.requests.total, 'links.txt'), '')

// 5a. Signing and confirming again with 3 webhook endpoints on the petition (every event, a
// receiver answering 200): the flush turns each confirmation into 3 deliveries, which the
// site's webhook worker sends with the cores left idle (the web workers' own queue worker
// under MAIL_PROCESS=false). The same rate within noise is the goal. The receiver is a
// process of its own, niced as the webhook worker is (bench/webhook_receiver.js): a real one
// runs on another machine and takes none of the web workers' cores.
{
  const receiver = startChild([join(root, 'bench', 'webhook_receiver.js'), String(WEBHOOK_PORT)])
  try {
    setPriority(receiver.pid, RECEIVER_NICENESS)
  } catch (error) {
    log(`the webhook receiver keeps the bench's priority: ${error.message}`)
  }
  const receiverUrl = `http://127.0.0.1:${WEBHOOK_PORT}`
  await waitFor(`${receiverUrl}/count`)
  const receivedSoFar = async () => (await fetch(`${receiverUrl}/count`)).json()
  const hooksArgs = ['ace.js', 'bench:webhooks', `--petition=${small.guid}`]
  run([...hooksArgs, `--url=${receiverUrl}/hooks`, '--count=3'], { cwd: buildDir, env: appEnv })
  // The workers' copy of which petitions have endpoints lives 10 s.
  await new Promise((done) => setTimeout(done, 11_000))
  const mailsBeforeHooked = sink.received
  const hooked = await measure(
    'sign (guest, 3 webhook endpoints)',
    { ...signRequests(), duration: DURATION },
    'as the sign run, the petition having 3 endpoints (signing sends nothing)'
  )
  await mailsDelivered(hooked['2xx'] + hooked['3xx'], Date.now(), mailsBeforeHooked)
  const hookedLinks = confirmationLinks(hooked.requests.total, 'webhook-links.txt')
  const receiverCpuBefore = cpuSeconds([receiver.pid])
  const webhookWorkers = () => webhookWorkersAmong(appProcesses())
  const workerCpuBefore = cpuSeconds(webhookWorkers())
  const confirmStarted = Date.now()
  const confirmed = await measure(
    'confirm (3 webhook endpoints)',
    { ...confirmRequests(hookedLinks), duration: DURATION },
    `${hookedLinks.length.toLocaleString('en')} links; 3 deliveries each, sent meanwhile by the webhook worker`
  )
  const confirmEnded = Date.now()
  const receivedDuringRun = (await receivedSoFar()).total
  const workerCpuDuringRun = cpuSeconds(webhookWorkers()) - workerCpuBefore
  // Every confirmation answered makes 3 deliveries; the last ones land after the run.
  const expected = (confirmed['2xx'] + confirmed['3xx']) * 3
  const deadline = Date.now() + 120_000
  let received = await receivedSoFar()
  while (received.total < expected && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 200))
    received = await receivedSoFar()
  }
  const report = run([...hooksArgs, '--report'], { cwd: buildDir, env: appEnv })
  const byStatus = JSON.parse(report.match(/BENCH_WEBHOOKS=(.*)/)[1])
  const lagSeconds = Math.max(0, received.lastAt - confirmEnded) / 1000
  const receiverCpu = cpuSeconds([receiver.pid]) - receiverCpuBefore
  results.push({
    'scenario': 'webhook deliveries (3 endpoints)',
    'req/s': Math.round(received.total / ((received.lastAt - confirmStarted) / 1000)),
    'p50 ms': null,
    'p99 ms': null,
    'requests': received.total,
    'errors': (byStatus.pending ?? 0) + (byStatus.failed ?? 0),
    'notes':
      `by state ${JSON.stringify(byStatus)}; ${received.total} received of ${expected} expected, ` +
      `${receivedDuringRun} during the confirm run, the last ${lagSeconds.toFixed(1)} s after it; ` +
      `webhook worker ${Math.round((workerCpuDuringRun / ((confirmEnded - confirmStarted) / 1000)) * 100) / 100} cores during the run; ` +
      `receiver ${Math.round(receiverCpu * 100) / 100} CPU s`,
  })
  log(
    `  webhooks: ${received.total} received of ${expected}, ${receivedDuringRun} during the run, ` +
      `last ${lagSeconds.toFixed(1)} s after it; by state ${JSON.stringify(byStatus)}`
  )
  receiver.kill()

  // The control: signing and confirming again once the endpoints are disabled. Each run adds
  // its signatures to the same database, and later runs meet a larger one: the confirm run
  // with endpoints is judged against the runs without them on either side of it.
  run([...hooksArgs, '--disable'], { cwd: buildDir, env: appEnv })
  await new Promise((done) => setTimeout(done, 11_000))
  const mailsBeforeControl = sink.received
  const control = await signRun(', endpoints disabled (control)')
  await mailsDelivered(control['2xx'] + control['3xx'], Date.now(), mailsBeforeControl)
  await confirmRun(
    confirmationLinks(control.requests.total, 'control-links.txt'),
    ', endpoints disabled (control)'
  )
}

// 5b. Signing and confirming again with the live-count streams open: each flush that
// moves the petition's counts sends one message to each of them, whichever worker holds it.
if (SUBSCRIBERS > 0) {
  const live = await openLiveStreams(SUBSCRIBERS, small.guid)
  const label = `, ${SUBSCRIBERS} live streams`
  log(`${live.stats().open} live streams open on the small petition`)
  const liveSigned = await signRun(label)
  const liveLinks = confirmationLinks(liveSigned.requests.total, 'live-links.txt')
  live.reset()
  const confirmStarted = Date.now()
  await confirmRun(liveLinks, label)
  // The last flush and poll land within about 1.5 s.
  await new Promise((done) => setTimeout(done, 2000))
  const seconds = (Date.now() - confirmStarted) / 1000
  const stats = live.stats()
  results.push({
    'scenario': `live messages while confirming${label}`,
    'req/s': Math.round(stats.total / seconds),
    'p50 ms': null,
    'p99 ms': null,
    'requests': stats.total,
    'errors': SUBSCRIBERS - stats.open,
    'notes': `per stream ${stats.min}–${stats.max} messages in ${seconds.toFixed(0)} s (one per flush); ${stats.open} of ${SUBSCRIBERS} streams still open`,
  })
  log(`  live: ${stats.total} messages, ${stats.min}–${stats.max} per stream, ${stats.open} open`)
  live.close()
}

// 6. A crash under load: one worker is killed with SIGKILL halfway through a sign run. Every
// signature answered with success must be stored, and its mail sent (links the dead worker
// still held are left due in their rows, and another worker's sweep mails them after 30 s).
const CRASH_DURATION = Math.max(6, Math.round(DURATION / 3))
const answeredEmails = []
const mailsBefore = sink.received
const [victim] = childProcessesOf(app.pid)
setTimeout(() => process.kill(victim, 'SIGKILL'), (CRASH_DURATION * 1000) / 2)
await measure(
  'sign while a worker is killed',
  {
    url: `${base}/petition/${small.guid}/sign`,
    method: 'POST',
    duration: CRASH_DURATION,
    headers: signHeaders,
    requests: [
      {
        setupRequest(request, context) {
          context.n = signer++
          request.body = signatureBody(context.n)
          return request
        },
        onResponse(status, _body, context) {
          if (status >= 200 && status < 400)
            answeredEmails.push(`bench.signer.${context.n}@example.org`)
        },
      },
    ],
  },
  `worker ${victim} killed at ${CRASH_DURATION / 2} s; failed requests are the ones it held`,
  { profile: false }
)
const stored = await signaturesStored(appEnv, answeredEmails)
const crashMailed = await mailsDelivered(answeredEmails.length, Date.now(), mailsBefore)
const crashSafe = stored === answeredEmails.length && crashMailed.received >= answeredEmails.length
log(
  `crash: ${answeredEmails.length} answered with success, ${stored} of them stored, ` +
    `${crashMailed.received} mails sent; a new worker: ${childProcessesOf(app.pid).length} running`
)

// 7. Counters: flushed within a second or two, then equal to a recount.
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
writeFileSync(
  join(benchDir, 'results.json'),
  JSON.stringify(
    {
      database: onPostgres ? 'pg+redis' : 'sqlite',
      results,
      profiles,
      countersExact: exact,
      crashSafe,
    },
    null,
    2
  )
)
log(`results written to ${join(benchDir, 'results.json')}`)
stopAll()
sink.close()
process.exit(exact && crashSafe ? 0 : 1)
