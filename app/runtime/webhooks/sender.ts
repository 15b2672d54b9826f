import http from 'node:http'
import https from 'node:https'
import { Webhook } from 'standardwebhooks'
import { judgeDestination, type DestinationJudgement } from '#runtime/webhooks/destinations'
import { agentFor } from '#runtime/webhooks/connections'

/**
 * How a try goes: each request has 10 s for its whole answer (connection,
 * headers, body), of which at most 64 KB is read and dropped, and at most
 * 3 redirects are followed. Tests shorten the time.
 */
export const webhookSending = {
  timeoutMs: 10_000,
  maxAnswerBytes: 64 * 1024,
  maxRedirects: 3,
}

export const WEBHOOK_USER_AGENT = 'Undersign-Webhooks/1'

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** One message to send: the body and id it keeps on every retry, and its endpoint's secret. */
export type WebhookMessage = {
  url: string
  secret: string
  messageId: string
  body: string
}

/** What one try gave: the receiver's status (null when no answer came), its time and a short error. */
export type TryOutcome = {
  delivered: boolean
  statusCode: number | null
  durationMs: number
  error: string | null
}

/**
 * The Standard Webhooks headers of one try: signed over "id.timestamp.body"
 * with the endpoint's secret, the timestamp in seconds of the try (a
 * receiver refuses old ones, so each retry is signed anew; id and body stay).
 */
export function signedHeaders(message: WebhookMessage, at = new Date()) {
  const signature = new Webhook(message.secret).sign(message.messageId, at, message.body)
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': message.messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  }
}

/**
 * Sends a message once, as a try: its destination is judged before
 * connecting (`judged`: the judgement of its URL made moments ago for the
 * same round), and so is every redirect's target (a refused one ends the
 * try with "redirect not allowed": nothing is sent there). A 2xx answer
 * delivers it.
 */
export async function tryWebhook(
  message: WebhookMessage,
  judged?: Promise<DestinationJudgement>
): Promise<TryOutcome> {
  const started = performance.now()
  const outcome = (statusCode: number | null, error: string | null): TryOutcome => ({
    delivered: statusCode !== null && statusCode >= 200 && statusCode < 300,
    statusCode,
    durationMs: Math.round(performance.now() - started),
    error,
  })
  let target = await (judged ?? judgeDestination(message.url))
  if (!target.allowed) return outcome(null, `destination not allowed (${target.reason})`)
  for (let redirects = 0; ; redirects++) {
    let answer: Answer
    try {
      answer = await postOnce(target.url, target.addresses, message)
    } catch (error) {
      return outcome(null, shortError(error))
    }
    if (!REDIRECTS.has(answer.statusCode) || !answer.location)
      return outcome(answer.statusCode, null)
    if (redirects >= webhookSending.maxRedirects) return outcome(null, 'too many redirects')
    let next: URL
    try {
      next = new URL(answer.location, target.url)
    } catch {
      return outcome(null, 'redirect not allowed')
    }
    target = await judgeDestination(next)
    if (!target.allowed) return outcome(null, 'redirect not allowed')
  }
}

type Answer = { statusCode: number; location: string | null }

/**
 * The POST of a try. A kept connection the receiver closed just as it was
 * reused fails before anything reached it: the POST goes once more, on a
 * new connection, within the same try.
 */
async function postOnce(url: URL, addresses: string[], message: WebhookMessage) {
  try {
    return await post(url, addresses, message)
  } catch (error) {
    if (!(error as { reusedSocket?: boolean }).reusedSocket) throw error
    return post(url, addresses, message)
  }
}

/**
 * One POST to `url`, connecting only to `addresses` (the judged ones: the
 * agent's lookup answers them whatever the name resolves to now), on a
 * kept connection when one is free. Resolves with the status once at most
 * 64 KB of the body is read.
 */
function post(url: URL, addresses: string[], message: WebhookMessage): Promise<Answer> {
  const client = url.protocol === 'https:' ? https : http
  return new Promise<Answer>((resolve, reject) => {
    const request = client.request(url, {
      method: 'POST',
      headers: signedHeaders(message),
      agent: agentFor(url, addresses),
    })
    // The time runs from the moment a connection is given to the request: waiting
    // for one of the destination's few sockets is the sender's doing, not the receiver's.
    let deadline: NodeJS.Timeout | undefined
    request.once('socket', () => {
      deadline = setTimeout(() => request.destroy(new Error('timed out')), webhookSending.timeoutMs)
    })
    const settle = () => clearTimeout(deadline)
    let answered = false
    request.on('error', (error: NodeJS.ErrnoException) => {
      settle()
      const closedWhenReused =
        request.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.code === 'EPIPE')
      reject(closedWhenReused ? Object.assign(error, { reusedSocket: true }) : error)
    })
    request.on('response', (response) => {
      answered = true
      const answer = {
        statusCode: response.statusCode ?? 0,
        location: typeof response.headers.location === 'string' ? response.headers.location : null,
      }
      let read = 0
      const done = () => {
        settle()
        resolve(answer)
      }
      response.on('data', (chunk: Buffer) => {
        read += chunk.length
        // Enough of an answer nobody reads: the status is what counts.
        if (read >= webhookSending.maxAnswerBytes) {
          response.destroy()
          done()
        }
      })
      response.on('end', done)
      // A body cut short after the status still answered.
      response.on('error', done)
      response.on('close', done)
    })
    request.end(message.body)
  })
}

/** Why a try got no answer, in a few words for the delivery log. */
function shortError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string }
  if (message === 'timed out') return 'timed out'
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused'
    case 'ECONNRESET':
    case 'EPIPE':
      return 'connection closed'
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable'
    case 'ETIMEDOUT':
      return 'timed out'
  }
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) return `TLS error (${code})`
  return (code ?? message ?? 'request failed').slice(0, 200)
}
