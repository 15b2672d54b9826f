import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type VerifyCall = { secret: string | null; response: string | null; remoteip: string | null }

/**
 * A local stand-in for Turnstile's siteverify endpoint: 'good-token' passes,
 * anything else fails. Records what the server sent.
 */
export async function startTurnstileStub() {
  const calls: VerifyCall[] = []
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const form = new URLSearchParams(body)
      calls.push({
        secret: form.get('secret'),
        response: form.get('response'),
        remoteip: form.get('remoteip'),
      })
      const success = form.get('secret') === 'test-secret' && form.get('response') === 'good-token'
      response.setHeader('content-type', 'application/json')
      response.end(
        JSON.stringify({
          'success': success,
          'error-codes': success ? [] : ['invalid-input-response'],
        })
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Turns the bot check on for one test, against the stub: 'good-token'
 * passes, anything else fails. Turned off again by the test's cleanup.
 */
export async function requireTurnstile(cleanup: (handler: () => Promise<void>) => void) {
  const { default: env } = await import('#start/env')
  const stub = await startTurnstileStub()
  env.set('TURNSTILE_SECRET_KEY', 'test-secret')
  env.set('TURNSTILE_VERIFY_URL', stub.url)
  cleanup(async () => {
    env.set('TURNSTILE_SECRET_KEY', '')
    await stub.close()
  })
  return stub
}
