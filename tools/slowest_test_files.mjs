#!/usr/bin/env node
/**
 * The test files that take longest, read from the output of `npm test`
 * (Japa's spec reporter): each test's time, summed per file, slowest first.
 * Hooks (a suite's build, a group's server) are not in a test's time: the
 * run's total minus these sums is theirs.
 *
 *   npm test 2>&1 | tee test.log; node tools/slowest_test_files.mjs test.log [how many]
 */
import { readFileSync } from 'node:fs'

const [logPath, count = '20'] = process.argv.slice(2)
if (!logPath) {
  console.error('usage: node tools/slowest_test_files.mjs <npm test output> [how many]')
  process.exit(1)
}
const text = readFileSync(logPath, 'utf8').replace(/\x1b\[[0-9;]*m/g, '')

/** "1.2s", "345.6ms", "2m 3s", "1h 2m" as milliseconds. */
function milliseconds(duration) {
  let total = 0
  for (const [, value, unit] of duration.matchAll(/([\d.]+)(ms|s|m|h)\b/g)) {
    total += Number(value) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit]
  }
  return total
}

const files = new Map()
let suite = ''
let file = null
for (const line of text.split('\n')) {
  const header = /^(\w+) \/ .* \(([^()]+\.spec\.ts)\)\s*$/.exec(line)
  if (header) {
    suite = header[1]
    file = header[2]
    continue
  }
  const result = /^\s+[✔✖] .* \(((?:[\d.]+(?:ms|s|m|h) ?)+)\)\s*$/.exec(line)
  if (result && file) {
    const entry = files.get(file) ?? { suite, tests: 0, ms: 0 }
    entry.tests += 1
    entry.ms += milliseconds(result[1])
    files.set(file, entry)
  }
}
const rows = [...files].sort(([, a], [, b]) => b.ms - a.ms)
const all = rows.reduce((sum, [, entry]) => sum + entry.ms, 0)
const bySuite = new Map()
for (const [, entry] of rows) bySuite.set(entry.suite, (bySuite.get(entry.suite) ?? 0) + entry.ms)
console.log(`${rows.length} files, ${(all / 60_000).toFixed(1)} min in tests`)
for (const [name, ms] of bySuite) console.log(`  ${name}: ${(ms / 60_000).toFixed(1)} min`)
for (const [path, entry] of rows.slice(0, Number(count))) {
  console.log(`${(entry.ms / 1000).toFixed(1).padStart(7)} s  ${String(entry.tests).padStart(3)} tests  ${path}`)
}
