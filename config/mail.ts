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
      // A few open connections, each carrying many mails: a burst of
      // confirmation mails costs no handshake per mail.
      pool: true,
      maxConnections: 10,
      maxMessages: 500,
    }),
    outbox: () => new OutboxTransport(outboxFolder),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
