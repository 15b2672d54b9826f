import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { freePort } from '#tests/helpers/ports'

/** How the receiver answers one request: a status, a redirect, silence, or a closed socket. */
export type ReceiverAnswer = number | { redirect: string; status?: number } | 'timeout' | 'close'

/** A request the receiver took, and whether its signature verified with the endpoint's secret. */
export type ReceivedWebhook = {
  id: string
  timestamp: string
  signature: string
  userAgent: string | undefined
  contentType: string | undefined
  body: string
  path: string
  verified: boolean
  data: any
}

/**
 * A webhook receiver on 127.0.0.1, as an organisation would run one: it
 * verifies every request with the Standard Webhooks library and the
 * endpoint's secret, and answers as told, in order (200 once the script
 * runs out).
 */
export async function startWebhookReceiver(secret: string) {
  const port = await freePort()
  const received: ReceivedWebhook[] = []
  const script: ReceiverAnswer[] = []
  const sockets = new Set<Socket>()
  let connections = 0
  const verifier = new Webhook(secret)
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const headers = request.headers as Record<string, string>
      let verified = false
      let data: unknown = null
      try {
        verifier.verify(body, headers)
        verified = true
        data = JSON.parse(body)
      } catch {
        verified = false
      }
      received.push({
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        userAgent: headers['user-agent'],
        contentType: headers['content-type'],
        body,
        path: request.url ?? '/',
        verified,
        data,
      })
      const answer = script.shift() ?? 200
      if (answer === 'timeout') return
      if (answer === 'close') {
        request.socket.destroy()
        return
      }
      if (typeof answer === 'number') {
        response.writeHead(answer, { 'content-type': 'text/plain' }).end('ok')
        return
      }
      response.writeHead(answer.status ?? 307, { location: answer.redirect }).end()
    })
  })
  server.on('connection', (socket) => {
    connections++
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    /** The connections the sender opened to it so far. */
    connections: () => connections,
    /** The next answers, in order. */
    answer(...answers: ReceiverAnswer[]) {
      script.push(...answers)
    },
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>
