import { cpus } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'

/*
 * The webhook worker sends with the cores the site leaves idle. Its
 * niceness gives it less CPU while the web workers are busy, but on SQLite
 * every round also takes the one write lock (making deliveries of recorded
 * events, its claim, then the record of its tries): a process the kernel
 * sets aside inside its transaction keeps every web worker waiting for the
 * lock meanwhile. So while the site's own (un-niced) processes keep the
 * cores busy, a round waits before it writes anything (never longer than
 * LONGEST_WAIT_MS in a row, so that a machine busy with something else for
 * good still sends).
 */

/**
 * Share of all cores used by un-niced processes at or above which a round
 * waits: half. A surge keeps the web workers near all of them; at three
 * quarters, what they left to the sender's neighbours on two cores let
 * rounds through all along a confirmation surge.
 */
const BUSY_SHARE = 0.5
/** How often the cores' use is read. */
const SAMPLE_MS = 500
/** How often a waiting round looks again. */
const POLL_MS = 250
/** The longest a round waits for idle cores. */
const LONGEST_WAIT_MS = 30_000

type CpuTimes = { busy: number; total: number }

/** The time all cores spent, and of it the time spent by un-niced processes (niced ones count as idle). */
function cpuTimes(): CpuTimes {
  let busy = 0
  let total = 0
  for (const { times } of cpus()) {
    busy += times.user + times.sys + times.irq
    total += times.user + times.nice + times.sys + times.idle + times.irq
  }
  return { busy, total }
}

/** The share of the cores the un-niced processes used between two readings. */
export function busyShareBetween(before: CpuTimes, after: CpuTimes) {
  const total = after.total - before.total
  return total > 0 ? (after.busy - before.busy) / total : 0
}

/** Reads the cores' use every SAMPLE_MS in this process; the latest share, 0 until the first reading. */
export function sampleBusyShare(): () => number {
  let last = cpuTimes()
  let share = 0
  setInterval(() => {
    const now = cpuTimes()
    share = busyShareBetween(last, now)
    last = now
  }, SAMPLE_MS).unref()
  return () => share
}

type GateOptions = {
  share: () => number
  pause?: (milliseconds: number) => Promise<unknown>
  now?: () => number
}

/**
 * A wait that returns once the share is below BUSY_SHARE, or after
 * LONGEST_WAIT_MS. The process's rounds wait one after the other (each
 * flush queues a job): while the cores stay busy, one round goes every
 * LONGEST_WAIT_MS, not all of the queued ones at once when the first wait
 * runs out; while they are idle, nothing waits at all.
 */
export function idleCoresGate({ share, pause = sleep, now = Date.now }: GateOptions) {
  let previous: Promise<void> = Promise.resolve()
  const waitForIdle = async () => {
    const started = now()
    while (share() >= BUSY_SHARE && now() - started < LONGEST_WAIT_MS) await pause(POLL_MS)
  }
  return function coresLeftIdle() {
    const turn = previous.then(waitForIdle)
    previous = turn
    return turn
  }
}
