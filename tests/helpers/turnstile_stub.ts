import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type VerifyCall = { secret: string | null; response: string | null; remoteip: string | null }

/** The test site's domain (APP_DOMAIN in .env.test). */
const TEST_DOMAIN = 'undersign.test'

/**
 * A token the stub accepts, solved on `hostname` for the form `action`:
 * `good-token:<action>@<hostname>`. The bare 'good-token' is a token of the
 * contact form ('contact-us') solved on the test domain.
 */
export function goodToken(action: string, hostname = TEST_DOMAIN) {
  return `good-token:${action}@${hostname}`
}

function parseToken(token: string | null) {
  if (token === 'good-token') return { action: 'contact-us', hostname: TEST_DOMAIN }
  const match = token?.match(/^good-token:([\w-]+)(?:@([\w.-]+))?$/)
  return match ? { action: match[1], hostname: match[2] ?? TEST_DOMAIN } : null
}

/**
 * A local stand-in for Turnstile's siteverify endpoint: good tokens (see
 * `goodToken`) pass and the answer names the hostname and action they were
 * solved for, as Cloudflare's does; anything else fails. Records what the
 * server sent.
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
      const solved = form.get('secret') === 'test-secret' ? parseToken(form.get('response')) : null
      response.setHeader('content-type', 'application/json')
      response.end(
        JSON.stringify(
          solved
            ? { 'success': true, 'error-codes': [], ...solved }
            : { 'success': false, 'error-codes': ['invalid-input-response'] }
        )
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
 * Turns the bot check on for one test, against the stub: good tokens pass,
 * anything else fails. Turned off again by the test's cleanup.
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
