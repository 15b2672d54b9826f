import http from 'node:http'

/** A server-sent events stream read over real HTTP, as a browser's EventSource reads it. */
export type EventStream<Payload = unknown> = {
  uid: string
  status: number
  headers: http.IncomingHttpHeaders
  /** Each message's data (`{ channel, payload }`, as Transmit framed them) and when it arrived. */
  messages: Array<{ channel: string; payload: Payload; at: number }>
  /** What a `poll` event said: read the counts document every so many ms instead. */
  poll: { every: number } | null
  /** Whether the server ended the answer (a stream it closed, or a refusal). */
  ended: boolean
  close(): void
}

/**
 * Opens a live-count stream (GET /__transmit/events) with `query` (the
 * channel a page names) on `server`, offering compression as browsers do: a
 * compressed stream would be buffered and arrive late. Comments (the
 * server's pings) are left out.
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
          poll: null,
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
            if (event.split('\n').includes('event: poll')) {
              stream.poll = JSON.parse(data)
              continue
            }
            stream.messages.push({ ...JSON.parse(data), at: Date.now() })
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
