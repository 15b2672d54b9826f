/*
| One of the processes of `npm run bench -- --watchers=N` that play the
| crowd: it opens WATCH_COUNT petition pages' live counts through nginx as
| browsers do (GET /__transmit/events naming the petition's channel), on raw
| sockets, each from a loopback source address of its own range and naming
| a visitor address of its own (X-Forwarded-For, which the app believes from
| nginx on loopback). A page told to poll (the worker it reached holds as
| many streams as it may) reads the counts document every second on the
| same connection, as the page does. From a 'reset' on, each page keeps
| the counts it sees and when, and the process when its first page saw each
| count ('firsts'); told which counts were published when and when each
| confirmation was answered ('figures'), it sums up its pages' delays.
*/
import net from 'node:net'

const COUNT = Number(process.env.WATCH_COUNT)
const FIRST = Number(process.env.WATCH_FIRST)
const PORT = Number(process.env.WATCH_PORT)
const GUID = process.env.WATCH_GUID
const SOURCES = process.env.WATCH_SOURCES.split(',')
const IN_FLIGHT = Number(process.env.WATCH_IN_FLIGHT ?? 100)
const BIN_MS = 10
const POLL_MS = 1000
const READ_BUFFER = Buffer.alloc(64 * 1024)

const STREAM_REQUEST = (address) =>
  `GET /__transmit/events?channel=petitions/${GUID} HTTP/1.1\r\nHost: localhost\r\n` +
  `Accept: text/event-stream\r\nX-Forwarded-For: ${address}\r\n\r\n`
const POLL_REQUEST = (address) =>
  `GET /petition/${GUID}/counts HTTP/1.1\r\nHost: localhost\r\nAccept: application/json\r\n` +
  `X-Forwarded-For: ${address}\r\n\r\n`
const TOTAL = '"totalSignatures":'

const stats = { open: 0, polling: 0, failed: {}, dropped: 0, messages: 0 }
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
 * newly shows; and the pages that never did.
 */
function figures({ published, confirmedAt, base }) {
  const afterPublication = new Map()
  const afterConfirmation = new Map()
  const lastPage = new Map()
  let missed = 0
  for (const page of pages) {
    if (page.state !== 'stream' && page.state !== 'poll') continue
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
  }
  return {
    afterPublication: [...afterPublication],
    afterConfirmation: [...afterConfirmation],
    lastPage: [...lastPage],
    missed,
  }
}

/** The totals in a piece of event data or JSON: the first `"totalSignatures":N` of each message. */
function totalsIn(text, found) {
  let at = text.indexOf(TOTAL)
  while (at >= 0) {
    found.push(Number.parseInt(text.slice(at + TOTAL.length, at + TOTAL.length + 12), 10))
    at = text.indexOf(TOTAL, at + TOTAL.length)
  }
}

/**
 * One page: an HTTP/1.1 client for the answers nginx gives (a head, then a
 * body by Content-Length or chunked), reading a stream's events as they
 * come or, once told to poll, one counts document a second.
 */
function watch(index) {
  const n = FIRST + index
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
  const page = { totals: [], times: [], state: 'opening' }
  pages.push(page)
  return new Promise((resolve) => {
    const socket = net.connect({
      host: '127.0.0.1',
      port: PORT,
      localAddress: SOURCES[index % SOURCES.length],
      // Read into one buffer of the process: no Buffer and no 'data' event per read.
      onread: { buffer: READ_BUFFER, callback: (n, buffer) => read(buffer.latin1Slice(0, n)) },
    })
    let head = ''
    let mode = 'stream'
    let chunked = false
    let remaining = 0 // bytes left of the body (Content-Length) or of the chunk
    let chunkLine = ''
    let body = ''
    let settled = false
    let timer = null
    /** What the page holds: 'opening', 'stream', 'poll', or 'gone'. */
    let state = 'opening'
    const setState = (next) => (state = page.state = next)
    const settle = () => {
      if (!settled) resolve((settled = true))
    }
    const request = () =>
      socket.write(mode === 'stream' ? STREAM_REQUEST(address) : POLL_REQUEST(address))

    function onHead(status, headers) {
      chunked = /transfer-encoding: chunked/i.test(headers)
      const length = /content-length: (\d+)/i.exec(headers)
      remaining = chunked ? 0 : length ? Number(length[1]) : Infinity
      if (mode === 'stream') {
        if (status !== 200) {
          fail(`stream ${status}`)
          setState('gone')
          socket.destroy()
          return settle()
        }
        if (remaining === Infinity || chunked) {
          stats.open++
          setState('stream')
          settle()
        }
      } else if (status !== 200) fail(`poll ${status}`)
    }

    /** The body's data: events of a stream, or the whole document of a poll. */
    function onData(text) {
      body += text
      if (mode === 'stream') {
        if (body.includes('event: poll')) return
        const end = body.lastIndexOf('\n\n')
        if (end < 0) return
        const found = []
        totalsIn(body.slice(0, end), found)
        body = body.slice(end + 2)
        const now = Date.now()
        for (const total of found) saw(page, total, now)
      }
    }

    /** An answer with a length ended: a poll's document, or the answer telling the page to poll. */
    function onEnd() {
      const text = body
      body = ''
      head = ''
      if (mode === 'stream') {
        if (!text.includes('event: poll')) return
        mode = 'poll'
        setState('poll')
        stats.polling++
        settle()
      } else {
        const found = []
        totalsIn(text, found)
        if (found.length > 0) saw(page, found[0], Date.now())
      }
      timer = setTimeout(request, mode === 'poll' && text ? POLL_MS : 0)
    }

    socket.setNoDelay(true)
    socket.on('connect', request)
    function read(text) {
      if (process.env.WATCH_DEBUG && index === 0)
        console.error('DEBUG', JSON.stringify(text.slice(0, 400)))
      while (text.length > 0) {
        if (!head.endsWith('\r\n\r\n') || head === '') {
          const end = (head + text).indexOf('\r\n\r\n')
          if (end < 0) {
            head += text
            return
          }
          const whole = head + text
          head = whole.slice(0, end + 4)
          text = whole.slice(end + 4)
          onHead(Number(head.slice(9, 12)), head)
          if (socket.destroyed) return
          if (remaining === 0 && !chunked) {
            onEnd()
            continue
          }
          continue
        }
        if (!chunked) {
          const piece = remaining === Infinity ? text : text.slice(0, remaining)
          text = text.slice(piece.length)
          remaining -= piece.length
          onData(piece)
          if (remaining === 0) onEnd()
          continue
        }
        if (remaining > 0) {
          const piece = text.slice(0, remaining)
          text = text.slice(piece.length)
          remaining -= piece.length
          onData(piece)
          continue
        }
        // A chunk's size line (after the CRLF that ended the chunk before it).
        const lineEnd = (chunkLine + text).indexOf('\r\n')
        if (lineEnd < 0) {
          chunkLine += text
          return
        }
        const whole = chunkLine + text
        const line = whole.slice(0, lineEnd)
        text = whole.slice(lineEnd + 2)
        chunkLine = ''
        if (line === '') continue
        const size = Number.parseInt(line, 16)
        if (size === 0) {
          text = text.slice(2)
          onEnd()
          continue
        }
        remaining = size
        // The CRLF after the chunk's data is read as an empty size line.
      }
    }
    socket.on('error', (error) => {
      if (state !== 'opening') return
      fail(error.code ?? error.message)
      setState('gone')
    })
    socket.on('close', () => {
      clearTimeout(timer)
      if (state === 'stream') stats.open--
      if (state === 'poll') stats.polling--
      if (state === 'stream' || state === 'poll') stats.dropped++
      if (state === 'opening' && !settled) fail('closed')
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
openAll()
