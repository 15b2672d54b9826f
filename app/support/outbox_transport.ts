import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport } from 'nodemailer'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'
import { MailResponse } from '@adonisjs/mail'

export type OutboxMail = {
  id: string
  sentAt: string
  from: string
  to: string[]
  subject: string
  /** The header block exactly as SMTP would carry it (From, To, Subject…). */
  headers: string
  html: string | null
  text: string | null
}

function addresses(value: unknown): string[] {
  if (!value) return []
  const list = Array.isArray(value) ? value : [value]
  return list.map((entry) =>
    typeof entry === 'string' ? entry : (entry as { address: string }).address
  )
}

/**
 * A mail transport for machines without SMTP: each message is written as a
 * JSON file to a folder, which the development page /dev/mail lists, so a
 * newcomer can read every mail and follow its links.
 */
export class OutboxTransport implements MailTransportContract {
  #composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' })

  constructor(private folder: string) {}

  /** The message as it would go over the wire: its header block. */
  private async headersOf(message: NodeMailerMessage) {
    const { message: raw } = await this.#composer.sendMail(message as any)
    const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw)
    return text.slice(0, text.indexOf('\n\n'))
  }

  async send(message: NodeMailerMessage): Promise<MailResponse<OutboxMail>> {
    const id = `${Date.now()}-${randomUUID()}`
    const mail: OutboxMail = {
      id,
      sentAt: new Date().toISOString(),
      from: addresses(message.from)[0] ?? '',
      to: addresses(message.to),
      subject: String(message.subject ?? ''),
      headers: await this.headersOf(message),
      html: typeof message.html === 'string' ? message.html : null,
      text: typeof message.text === 'string' ? message.text : null,
    }
    await mkdir(this.folder, { recursive: true })
    await writeFile(join(this.folder, `${id}.json`), JSON.stringify(mail, null, 2))
    return new MailResponse(`<${id}@outbox>`, { from: mail.from, to: mail.to }, mail)
  }
}

/** The outbox's mails, newest first. */
export async function readOutbox(folder: string): Promise<OutboxMail[]> {
  const files = await readdir(folder).catch(() => [] as string[])
  const mails = await Promise.all(
    files
      .filter((file) => file.endsWith('.json'))
      .map(async (file) => JSON.parse(await readFile(join(folder, file), 'utf8')) as OutboxMail)
  )
  return mails.sort((a, b) => b.id.localeCompare(a.id))
}
