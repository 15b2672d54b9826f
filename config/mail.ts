import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, transports } from '@adonisjs/mail'
import { OutboxTransport } from '#support/outbox_transport'
import { chosenMailer } from '#start/safe_settings'
import { isAbsolute } from 'node:path'

/**
 * SMTP when SMTP_HOST is set; otherwise a local outbox folder that the
 * development page /dev/mail shows, so `npm start` needs no mail server.
 * Production refuses the outbox (start/safe_settings.ts).
 */
const outboxPath = env.get('OUTBOX_PATH', 'tmp/outbox')
export const outboxFolder = isAbsolute(outboxPath) ? outboxPath : app.makePath(outboxPath)

/**
 * SMTP connections each process keeps open, and so mails it has in flight.
 * Under a signing burst a busy process answers its mail server late, so a
 * mail's few round trips take long: more at once keep the mails up with
 * the signatures. 25 per process stays under the 50 connections per
 * client that mail servers commonly allow, with two processes a machine.
 */
export const SMTP_CONNECTIONS = 25

const mailConfig = defineConfig({
  default: chosenMailer(env),
  from: {
    address: env.get('MAIL_FROM_ADDRESS') || 'no-reply@undersign.org',
    name: env.get('APP_NAME') || 'Undersign',
  },
  mailers: {
    smtp: transports.smtp({
      host: env.get('SMTP_HOST') || 'localhost',
      port: env.get('SMTP_PORT', 587),
      auth: env.get('SMTP_USERNAME')
        ? { type: 'login', user: env.get('SMTP_USERNAME')!, pass: env.get('SMTP_PASSWORD') || '' }
        : undefined,
      // Open connections, each carrying many mails: a burst of confirmation
      // mails costs no handshake per mail.
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      maxMessages: 500,
    }),
    outbox: () => new OutboxTransport(outboxFolder),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
