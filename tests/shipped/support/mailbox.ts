import { SMTPServer } from 'smtp-server'
import { simpleParser } from 'mailparser'
import type { AddressInfo } from 'node:net'

export type CaughtMail = {
  to: string[]
  from: string
  subject: string
  html: string
  text: string
  /** When its last byte arrived (Date.now()). */
  receivedAt: number
}

/**
 * A local SMTP server that keeps every mail the built app sends, the way a
 * real mail server would receive it: the app talks SMTP to it exactly as it
 * does in production.
 */
export async function startMailbox() {
  const mails: CaughtMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The mail is taken as soon as it has arrived, as a mail server takes it; it is read
    // afterwards, so that reading does not hold the sender back.
    onData(stream, session, done) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const receivedAt = Date.now()
        // The session's envelope is the next mail's once this one is taken.
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase())
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        done()
        simpleParser(Buffer.concat(chunks))
          .then((parsed) => {
            mails.push({
              to,
              from,
              subject: parsed.subject ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              text: parsed.text ?? '',
              receivedAt,
            })
          })
          .catch(() => {})
      })
    },
  })
  // A sender that dies mid-mail (a worker killed, the app stopped) resets its connection;
  // a real server drops that mail and goes on, and so does this one.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo

  return {
    port,
    all: () => [...mails],

    /**
     * Takes the first mail to `address` (whose subject or text matches
     * `content`, if given), waiting for it to arrive.
     */
    async waitFor(address: string, content?: RegExp, timeoutMs = 15_000): Promise<CaughtMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const mail = mails.find(
          (candidate) =>
            candidate.to.includes(address.toLowerCase()) &&
            (!content || content.test(candidate.subject) || content.test(candidate.text))
        )
        if (mail) {
          mails.splice(mails.indexOf(mail), 1)
          return mail
        }
        if (Date.now() > deadline) {
          const seen = mails.map((candidate) => `${candidate.to.join(',')}: ${candidate.subject}`)
          throw new Error(
            `no mail to ${address} within ${timeoutMs} ms (have: ${seen.join(' | ')})`
          )
        }
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>

/** The first link of a mail whose URL contains `fragment`. */
export function linkIn(mail: CaughtMail, fragment: string): string {
  const urls = [...`${mail.html}\n${mail.text}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((found) =>
    found[0].replace(/&amp;/g, '&')
  )
  const link = urls.find((url) => url.includes(fragment))
  if (!link) throw new Error(`no link containing ${fragment} in "${mail.subject}"`)
  return link
}
