import { readFileSync } from 'node:fs'

/**
 * How many files and sockets this process may hold open at once (its soft
 * RLIMIT_NOFILE, which Node raises to the hard limit as it starts), read
 * from /proc on Linux; null where that cannot be read.
 */
export function openFilesLimit(): number | null {
  try {
    const limits = readFileSync('/proc/self/limits', 'utf8')
    const match = /^Max open files\s+(\d+|unlimited)/m.exec(limits)
    if (!match) return null
    return match[1] === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(match[1])
  } catch {
    return null
  }
}
