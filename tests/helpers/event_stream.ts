import http from 'node:http'

const TRANSMIT_PING = '$$transmit/ping'

/** A server-sent events stream read over real HTTP, as a browser's EventSource reads it. */
export type EventStream<Payload = unknown> = {
  uid: string
  status: number
  headers: http.IncomingHttpHeaders
  /** Each message's data (Transmit's `{ channel, payload }`) and when it arrived; pings left out. */
  messages: Array<{ channel: string; payload: Payload; at: number }>
  /** Whether the server ended the answer (a stream it closed, or a refusal). */
  ended: boolean
  close(): void
}

/**
 * Opens Transmit's stream (GET /__transmit/events) with `query` (uid, and the
 * channel a page names) on `server`, offering compression as
 * browsers do: a compressed stream would be buffered and arrive late.
 */
export function openEventStream<Payload = unknown>(
  server: { host: string; port: number },
  query: Record<string, string>,
  headers: Record<string, string> = {}
): Promise<EventStream<Payload>> {
  const path = `/__transmit/events?${new URLSearchParams(query)}`
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: server.host,
        port: server.port,
        path,
        headers: {
          'accept': 'text/event-stream',
          'accept-encoding': 'gzip, deflate, br',
          ...headers,
        },
      },
      (response) => {
        const stream: EventStream<Payload> = {
          uid: query.uid,
          status: response.statusCode!,
          headers: response.headers,
          messages: [],
          ended: false,
          close: () => request.destroy(),
        }
        let buffer = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          buffer += chunk
          let end: number
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            const data = event
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n')
            if (!data) continue
            const message = JSON.parse(data)
            // Transmit's keep-alive is a message of its own channel, which no page subscribes to.
            if (message.channel === TRANSMIT_PING) continue
            stream.messages.push({ ...message, at: Date.now() })
          }
        })
        response.on('end', () => (stream.ended = true))
        response.on('error', () => {})
        resolve(stream)
      }
    )
    request.on('error', (error) => {
      // Closing the stream ends the request: that is no failure.
      if (!('code' in error && error.code === 'ECONNRESET')) reject(error)
    })
  })
}
