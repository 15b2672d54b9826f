/*
| The functions that took the most CPU in a set of `.cpuprofile` files (one
| per process of a run), by self time: the time spent in the function's own
| code, not in what it calls. Used by `npm run bench -- --profile` and
| `npm run bench:delivery -- --profile` after each run (with the helpers
| below that start and stop the profiles), and on its own:
|   node bench/profile_summary.js tmp/bench/profiles/sign.*.cpuprofile
*/
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../', import.meta.url))

/** Where a function lives, short enough for a table: a path inside the project or a package. */
function placeOf({ url, lineNumber }) {
  if (!url) return ''
  const path = url.startsWith('file://') ? fileURLToPath(url) : url
  const inPackage = path.lastIndexOf('node_modules/')
  const short =
    inPackage >= 0 ? path.slice(inPackage + 'node_modules/'.length) : relative(root, path) || path
  return `${short}:${lineNumber + 1}`
}

/**
 * Self time per function over all the profiles, in milliseconds, largest first, with the
 * total of the samples (idle time left out: it is the process waiting, not working).
 */
export function selfTimes(files) {
  const byFunction = new Map()
  let busy = 0
  let idle = 0
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8'))
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
    const selfMicros = new Map()
    profile.samples.forEach((id, index) => {
      selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0))
    })
    for (const [id, micros] of selfMicros) {
      const { callFrame } = nodes.get(id)
      if (callFrame.functionName === '(idle)') {
        idle += micros
        continue
      }
      busy += micros
      const name = callFrame.functionName || '(anonymous)'
      const key = `${name} ${placeOf(callFrame)}`
      const entry = byFunction.get(key) ?? { name, place: placeOf(callFrame), micros: 0 }
      entry.micros += micros
      byFunction.set(key, entry)
    }
  }
  const functions = [...byFunction.values()].sort((a, b) => b.micros - a.micros)
  return { functions, busyMs: busy / 1000, idleMs: idle / 1000 }
}

/** The top `count` functions as rows of a console table. */
export function topRows(files, count = 15) {
  const { functions, busyMs } = selfTimes(files)
  return {
    busyMs,
    rows: functions.slice(0, count).map((entry) => ({
      'self ms': Math.round(entry.micros / 1000),
      '%': ((entry.micros / 1000 / busyMs) * 100).toFixed(1),
      'function': entry.name.slice(0, 40),
      'where': entry.place.slice(-70),
    })),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = process.argv.slice(2)
  const { busyMs, rows } = topRows(files, Number(process.env.TOP ?? 15))
  console.log(`${files.length} profile(s), ${Math.round(busyMs)} ms busy`)
  console.table(rows)
}

/**
 * The app's environment with bench/profiler.js loaded into each of its
 * processes, their profiles written to `directory` (emptied first).
 */
export function profiledEnv(appEnv, directory) {
  rmSync(directory, { recursive: true, force: true })
  mkdirSync(directory, { recursive: true })
  const profiler = `--import=${new URL('profiler.js', import.meta.url).href}`
  return {
    ...appEnv,
    BENCH_PROFILE_DIR: directory,
    NODE_OPTIONS: `${appEnv.NODE_OPTIONS ?? ''} ${profiler}`.trim(),
  }
}

/**
 * Sends SIGUSR2 to the processes: the first starts their profiles, the
 * second writes them as `<label>.<pid>.cpuprofile`.
 */
export function toggleProfiles(directory, label, pids) {
  writeFileSync(join(directory, 'label'), label)
  for (const pid of pids) process.kill(pid, 'SIGUSR2')
}

/** Waits for the `expected` profiles of a run (15 s at most), then sums them up. */
export async function profileOfRun(directory, label, expected) {
  const files = () =>
    readdirSync(directory)
      .filter((file) => file.startsWith(`${label}.`))
      .map((file) => join(directory, file))
  const deadline = Date.now() + 15_000
  while (files().length < expected && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 100))
  }
  return { processes: files().length, ...topRows(files()) }
}
