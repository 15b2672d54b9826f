/*
|--------------------------------------------------------------------------
| npm run bench:pages
|--------------------------------------------------------------------------
|
| How fast the home page and a petition page load on a phone, measured by
| Lighthouse (mobile settings: a mid-range phone on a slow 4G line,
| simulated) in Debian's Chromium, against the production build served as
| `npm start` serves it. Reports the performance score, the paint timings
| and the JavaScript + CSS a first visit transfers, beside their targets
| (score ≥ 95, JS + CSS ≤ 120 KB compressed). A measurement, not a test:
| it exits 1 only when it could not measure.
|
| Environment: CHROME_PATH (default /usr/bin/chromium), BENCH_RUNS (default 1:
| Lighthouse runs per page; the median score is reported).
|
*/
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { base, log, prepare, root, seed, startApp, startSmtpSink, stopAll } from './lib.js'

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const RUNS = Number(process.env.BENCH_RUNS ?? 1)
const TARGET_SCORE = 95
const TARGET_ASSETS_KB = 120

if (!existsSync(CHROME_PATH)) {
  console.error(`No Chromium at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH)`)
  process.exit(1)
}

const sink = await startSmtpSink()
const appEnv = await prepare(join(root, 'tmp', 'bench', 'lighthouse'), sink.port)
const {
  petitions: [petition],
} = seed(appEnv, [1000])
await startApp(appEnv)

const pages = [
  { name: 'home', url: `${base}/` },
  { name: 'petition', url: `${base}/petition/${petition.slug}` },
]

const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})

/** One Lighthouse run of a page: its score, timings and what it transferred. */
async function audit(url) {
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  })
  const summary = lhr.audits['resource-summary'].details.items
  const transferred = (type) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    assets: transferred('script') + transferred('stylesheet'),
    total: transferred('total'),
  }
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]

const rows = []
try {
  for (const page of pages) {
    log(`Lighthouse (mobile) on the ${page.name} page, ${RUNS} run(s)…`)
    const runs = []
    for (let run = 0; run < RUNS; run++) runs.push(await audit(page.url))
    const middle = runs.find((run) => run.score === median(runs.map((each) => each.score)))
    const kb = (bytes) => Math.round(bytes / 102.4) / 10
    rows.push({
      'page': page.name,
      'score': `${middle.score}${middle.score >= TARGET_SCORE ? '' : ` (target ${TARGET_SCORE})`}`,
      'FCP ms': Math.round(middle.fcp),
      'LCP ms': Math.round(middle.lcp),
      'TBT ms': Math.round(middle.tbt),
      'CLS': Math.round(middle.cls * 1000) / 1000,
      'JS + CSS KB': `${kb(middle.assets)}${middle.assets <= TARGET_ASSETS_KB * 1024 ? '' : ` (target ${TARGET_ASSETS_KB})`}`,
      'all KB': kb(middle.total),
    })
  }
} finally {
  await chrome.kill()
  stopAll()
  sink.close()
}
console.table(rows)
