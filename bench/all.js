/*
| npm run bench: the benchmarks one after the other (run.js, signatures.js,
| pages.js, list.js, log.js, delivery.js), stopping at the first that fails; with
| `-- --through-nginx`, only the page views and signing against the app and
| through nginx in front of it (through_nginx.js); with `-- --profile`, run.js
| also writes a CPU profile of every app process during each page, sign and
| confirm run and prints its 15 costliest functions (bench/profiler.js);
| with `-- --runs=N`, run.js N times in a row, then the worst of each
| scenario over the runs: its longest wait (none may pass 1 s) and its
| slowest second against its median second (none may fall below half);
| with `-- --watchers=N`, only the crowd: N pages following one petition's
| live counts through nginx while guests sign and confirm (watchers.js).
*/
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const args = process.argv.slice(2)
const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 0)

function runScript(script) {
  const path = fileURLToPath(new URL(script, import.meta.url))
  const { status } = spawnSync(process.execPath, [path, ...args], { stdio: 'inherit' })
  if (status !== 0) process.exit(status ?? 1)
}

if (runs > 0) {
  const byScenario = new Map()
  for (let run = 1; run <= runs; run++) {
    console.log(`\n=== run ${run} of ${runs} ===`)
    runScript('run.js')
    const resultsFile = fileURLToPath(new URL('../tmp/bench/pages/results.json', import.meta.url))
    for (const row of JSON.parse(readFileSync(resultsFile, 'utf8')).results) {
      if (row['max ms'] === undefined) continue
      const seen = byScenario.get(row.scenario) ?? []
      seen.push(row)
      byScenario.set(row.scenario, seen)
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  const summary = [...byScenario].map(([scenario, rows]) => {
    const longest = Math.max(...rows.map((row) => row['max ms']))
    const slowest = Math.min(...rows.map((row) => row['slowest s'] ?? 1))
    return {
      scenario,
      'runs': rows.length,
      'median req/s': median(rows.map((row) => row['req/s'])),
      'longest wait ms': longest,
      'slowest second': slowest,
      'no stall': longest <= 1000 && slowest >= 0.5 ? 'yes' : 'NO',
    }
  })
  console.table(summary)
  // A killed worker's requests wait for its replacement by design: that run is not judged.
  const stalled = summary.filter((row) => row['no stall'] === 'NO' && !/killed/.test(row.scenario))
  process.exit(stalled.length === 0 ? 0 : 1)
}

const scripts = args.some((arg) => arg.startsWith('--watchers='))
  ? ['watchers.js']
  : args.includes('--through-nginx')
    ? ['through_nginx.js']
    : ['run.js', 'signatures.js', 'pages.js', 'list.js', 'log.js', 'delivery.js']
for (const script of scripts) runScript(script)
