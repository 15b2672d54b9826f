/*
| The figures of `npm run bench -- --watchers=N` from what its crowd saw
| (bench/watchers_client.js): the machine's limits, CPU and memory of the
| processes, and the pages' delays.
*/
import { readFileSync } from 'node:fs'

/** The hard limit of open files a process may have on this machine (Linux), or null. */
export function openFilesHardLimit() {
  try {
    const limits = readFileSync('/proc/self/limits', 'utf8')
    const match = /^Max open files\s+\S+\s+(\d+|unlimited)/m.exec(limits)
    return match && match[1] !== 'unlimited' ? Number(match[1]) : null
  } catch {
    return null
  }
}

/** Resident memory of these processes now, in MB. */
export function rssMb(pids) {
  let kb = 0
  for (const pid of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1])
    } catch {}
  }
  return kb / 1024
}

/** A weighted distribution: [value, weight] pairs. */
export function percentiles(pairs) {
  const sorted = pairs.filter(([, weight]) => weight > 0).sort((a, b) => a[0] - b[0])
  const total = sorted.reduce((sum, [, weight]) => sum + weight, 0)
  const at = (share) => {
    let seen = 0
    for (const [value, weight] of sorted) {
      seen += weight
      if (seen >= share * total) return value
    }
    return sorted.at(-1)?.[0] ?? null
  }
  return { count: total, p50: at(0.5), p99: at(0.99), max: sorted.at(-1)?.[0] ?? null }
}

const round = (value) => (value === null ? null : Math.round(value))

/**
 * The counts published while the crowd watched, in order, each with the
 * moment it was first seen anywhere (its publication, as near as the
 * outside can tell), from each crowd process's first sightings.
 */
export function publishedCounts(replies) {
  const firsts = new Map()
  for (const reply of replies) {
    for (const [total, at] of reply.firsts) firsts.set(total, Math.min(firsts.get(total) ?? at, at))
  }
  return [...firsts].sort((a, b) => a[0] - b[0])
}

/** The crowd processes' delays, summed up: p50/p99/max of each, in ms. */
export function delays(replies) {
  const merge = (key) => {
    const bins = new Map()
    for (const reply of replies)
      for (const [bin, n] of reply[key]) bins.set(bin, (bins.get(bin) ?? 0) + n)
    return [...bins].map(([bin, n]) => [bin * 10 + 5, n])
  }
  const lastPage = new Map()
  for (const reply of replies)
    for (const [total, ms] of reply.lastPage)
      lastPage.set(total, Math.max(lastPage.get(total) ?? 0, ms))
  const figures = (pairs) => {
    const { count, p50, p99, max } = percentiles(pairs)
    return { count, p50: round(p50), p99: round(p99), max: round(max) }
  }
  return {
    afterPublication: figures(merge('afterPublication')),
    afterConfirmation: figures(merge('afterConfirmation')),
    between: figures(merge('between')),
    lastPage: figures([...lastPage.values()].map((ms) => [ms, 1])),
    missed: replies.reduce((sum, reply) => sum + reply.missed, 0),
  }
}
