/*
| One of the processes of `npm run bench -- --watchers=N` that play the
| crowd: it opens WATCH_COUNT petition pages' live counts through nginx as
| browsers do (GET /__transmit/events naming the petition's channel), on raw
| sockets, each from a loopback source address of its own range and naming
| a visitor address of its own (X-Forwarded-For, which nginx believes from
| loopback). From a 'reset' on, each page keeps the counts it sees and when,
| and the process when its first page saw each count ('firsts'); told which
| counts were published when and when each confirmation was answered
| ('figures'), it sums up its pages' delays.
|
| The crowd stands for browsers on other machines, but runs on the
| server's cores: it reads as little as it can. Once a stream's head is
| read, a page only looks for the totals in the bytes of each read, as
| they came, and runs at a lower priority than the server, so
| that it takes what the server leaves: a page that reads late only makes
| the delays it reports longer.
*/
import net from 'node:net'
import { setPriority } from 'node:os'

const COUNT = Number(process.env.WATCH_COUNT)
const FIRST = Number(process.env.WATCH_FIRST)
const PORT = Number(process.env.WATCH_PORT)
const GUID = process.env.WATCH_GUID
const SOURCES = process.env.WATCH_SOURCES.split(',')
const IN_FLIGHT = Number(process.env.WATCH_IN_FLIGHT ?? 100)
const BIN_MS = 10
const READ_BUFFER = Buffer.alloc(64 * 1024)
const TOTAL = Buffer.from('"totalSignatures":')
const DIGIT_0 = 48
const HEAD_END = '\r\n\r\n'

const STREAM_REQUEST = (address) =>
  `GET /__transmit/events?channel=petitions/${GUID} HTTP/1.1\r\nHost: localhost\r\n` +
  `Accept: text/event-stream\r\nX-Forwarded-For: ${address}\r\n\r\n`

const stats = { open: 0, failed: {}, dropped: 0, messages: 0 }
/** Each page's counts, in the order it saw them, and when: from the last 'reset' on. */
const pages = []
/** When this process's first page saw each count. */
let firsts = new Map()
let recording = false

function fail(reason) {
  stats.failed[reason] = (stats.failed[reason] ?? 0) + 1
}

function saw(page, total, now) {
  stats.messages++
  if (!recording || total <= (page.totals.at(-1) ?? -1)) return
  page.totals.push(total)
  page.times.push(now)
  if (!firsts.has(total)) firsts.set(total, now)
}

/** Adds one to `bins` at `ms` (10 ms bins). */
function count(bins, ms) {
  const bin = Math.max(0, Math.floor(ms / BIN_MS))
  bins.set(bin, (bins.get(bin) ?? 0) + 1)
}

/**
 * The delays of this process's pages: for each published count (in order,
 * with when it was first seen anywhere), when each page first saw it or a
 * later one, after its publication and after the oldest confirmation it
 * newly shows; the longest each page went between two new counts; and the
 * pages that never saw a count.
 */
function figures({ published, confirmedAt, base }) {
  const afterPublication = new Map()
  const afterConfirmation = new Map()
  const lastPage = new Map()
  const between = new Map()
  let missed = 0
  for (const page of pages) {
    if (page.state !== 'stream') continue
    let at = 0
    let previous = base
    for (const [total, publishedAt] of published) {
      while (at < page.totals.length && page.totals[at] < total) at++
      const oldest = confirmedAt[previous - base]
      previous = total
      if (at === page.totals.length) {
        missed++
        continue
      }
      const delay = page.times[at] - publishedAt
      count(afterPublication, delay)
      if (oldest !== undefined) count(afterConfirmation, page.times[at] - oldest)
      lastPage.set(total, Math.max(lastPage.get(total) ?? 0, delay))
    }
    let longest = 0
    for (let i = 1; i < page.times.length; i++)
      longest = Math.max(longest, page.times[i] - page.times[i - 1])
    if (page.times.length > 1) count(between, longest)
  }
  return {
    afterPublication: [...afterPublication],
    afterConfirmation: [...afterConfirmation],
    lastPage: [...lastPage],
    between: [...between],
    missed,
  }
}

/**
 * The number after the last `"totalSignatures":` in `bytes` (each message
 * names its total before its last signatures, so the search skips most of
 * a message), or -1: messages that came together were seen together.
 */
function lastTotal(bytes) {
  let total = -1
  for (let at = bytes.indexOf(TOTAL); at >= 0; at = bytes.indexOf(TOTAL, at + TOTAL.length)) {
    let value = 0
    let digits = 0
    for (let i = at + TOTAL.length; i < bytes.length; i++) {
      const digit = bytes[i] - DIGIT_0
      if (digit < 0 || digit > 9) break
      value = value * 10 + digit
      digits++
    }
    if (digits > 0) total = value
  }
  return total
}

/**
 * One page: its request, the head of nginx's answer (200 opens the
 * stream), then the counts of the events it reads.
 */
function watch(index) {
  const n = FIRST + index
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
  const page = { totals: [], times: [], state: 'opening' }
  pages.push(page)
  return new Promise((resolve) => {
    let head = ''
    let settled = false
    const settle = () => {
      if (!settled) resolve((settled = true))
    }
    const setState = (next) => (page.state = next)

    /** Before the head ends: its text; then the first total of each read. */
    function read(length, bytes) {
      if (page.state === 'stream') {
        const total = lastTotal(bytes.subarray(0, length))
        if (total >= 0) saw(page, total, Date.now())
        return
      }
      head += bytes.latin1Slice(0, length)
      const end = head.indexOf(HEAD_END)
      if (end < 0) return
      const status = Number(head.slice(9, 12))
      const chunked = /transfer-encoding: chunked/i.test(head)
      const sized = /content-length: \d+/i.test(head)
      if (status !== 200 || (!chunked && sized)) {
        fail(`stream ${status}`)
        setState('gone')
        socket.destroy()
        return settle()
      }
      stats.open++
      setState('stream')
      settle()
      // The first event may have come with the head.
      const rest = Buffer.from(head.slice(end + HEAD_END.length), 'latin1')
      head = ''
      const total = lastTotal(rest)
      if (total >= 0) saw(page, total, Date.now())
    }

    const socket = net.connect({
      host: '127.0.0.1',
      port: PORT,
      localAddress: SOURCES[index % SOURCES.length],
      // Read into one buffer of the process: no Buffer and no 'data' event per read.
      onread: { buffer: READ_BUFFER, callback: read },
    })
    socket.setNoDelay(true)
    socket.on('connect', () => socket.write(STREAM_REQUEST(address)))
    socket.on('error', (error) => {
      if (page.state !== 'opening') return
      fail(error.code ?? error.message)
      setState('gone')
    })
    socket.on('close', () => {
      if (page.state === 'stream') {
        stats.open--
        stats.dropped++
      }
      if (page.state === 'opening' && !settled) fail('closed')
      setState('gone')
      settle()
    })
  })
}

async function openAll() {
  let next = 0
  const startedAt = Date.now()
  async function lane() {
    while (next < COUNT) await watch(next++)
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane))
  process.send({ type: 'opened', ms: Date.now() - startedAt, ...stats })
}

process.on('message', (message) => {
  if (message === 'reset') {
    for (const page of pages) {
      page.totals = []
      page.times = []
    }
    firsts = new Map()
    stats.messages = 0
    recording = true
    process.send({ type: 'reset' })
  } else if (message === 'firsts') {
    process.send({ type: 'firsts', ...stats, firsts: [...firsts] })
  } else if (message.type === 'figures') {
    process.send({ type: 'figures', ...figures(message) })
  }
})
process.on('disconnect', () => process.exit(0))
setPriority(10)
openAll()
