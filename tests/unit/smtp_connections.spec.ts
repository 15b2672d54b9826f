import { test } from '@japa/runner'
import { SMTPServer } from 'smtp-server'
import { createTransport } from 'nodemailer'
import type { AddressInfo } from 'node:net'

/**
 * The mails of a surge leave over a few pooled SMTP connections, one after
 * another on each: a mail must not wait for the server to acknowledge the
 * last packet of the one before (Nagle's algorithm against a server's
 * delayed ACKs costs 40 ms a mail), or one connection carries 20 a second.
 */
test.group('SMTP connections', () => {
  test('one pooled connection carries mails back to back', async ({ assert }) => {
    let received = 0
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, done) {
        stream.on('data', () => {})
        stream.on('end', () => {
          received++
          done()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.server.address() as AddressInfo
    // As config/mail.ts sets the pool, with one connection.
    const transport = createTransport({
      host: '127.0.0.1',
      port,
      pool: true,
      maxConnections: 1,
      maxMessages: 500,
    })
    const envelope = { from: 'no-reply@undersign.org', to: ['olena@example.org'] }
    const raw = `From: no-reply@undersign.org\r\nTo: olena@example.org\r\nSubject: Hello\r\n\r\n${'Text of the mail.\r\n'.repeat(100)}`
    try {
      await transport.sendMail({ raw, envelope })
      const startedAt = Date.now()
      for (let mail = 0; mail < 50; mail++) await transport.sendMail({ raw, envelope })
      const elapsed = Date.now() - startedAt
      assert.equal(received, 51)
      // 40 ms a mail with Nagle on: 2 s at least for these 50.
      assert.isBelow(elapsed, 1000, `50 mails took ${elapsed} ms on one connection`)
    } finally {
      transport.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
