/*
| npm run bench: the benchmarks one after the other (run.js, signatures.js,
| pages.js, list.js, delivery.js), stopping at the first that fails; with
| `-- --through-nginx`, only the page views and signing against the app and
| through nginx in front of it (through_nginx.js); with `-- --profile`, run.js
| also writes a CPU profile of every app process during each page, sign and
| confirm run and prints its 15 costliest functions (bench/profiler.js); with
| `-- --watchers=N`, only the crowd: N pages following one petition's live
| counts through nginx while guests sign and confirm (watchers.js).
*/
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const args = process.argv.slice(2)
const scripts = args.some((arg) => arg.startsWith('--watchers='))
  ? ['watchers.js']
  : args.includes('--through-nginx')
    ? ['through_nginx.js']
    : ['run.js', 'signatures.js', 'pages.js', 'list.js', 'delivery.js']
for (const script of scripts) {
  const path = fileURLToPath(new URL(script, import.meta.url))
  const { status } = spawnSync(process.execPath, [path, ...args], { stdio: 'inherit' })
  if (status !== 0) process.exit(status ?? 1)
}
