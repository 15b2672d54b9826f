import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import encryption from '@adonisjs/core/services/encryption'
import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import type { MessageBodyTemplates, NodeMailerMessage } from '@adonisjs/mail/types'

type QueuedMail = {
  message: NodeMailerMessage
  views: MessageBodyTemplates
  sendConfig?: unknown
}

type SendMailPayload =
  | {
      mailerName: string
      /** The mail, encrypted with the app's key (see `sealMail`). */
      sealed: string
    }
  // Jobs queued by a release that did not encrypt mails yet.
  | ({ mailerName: string } & QueuedMail)

const PURPOSE = 'queued-mail'

/**
 * A mail as it waits in the queue: encrypted, because mails carry secrets
 * (password-reset and confirmation links) and the queue keeps its jobs in
 * the database, where backups and anyone who reads the table would see them.
 */
export function sealMail(queued: QueuedMail) {
  return encryption.encrypt(queued, undefined, PURPOSE)
}

/**
 * Every e-mail leaves through this one job: the request only queues it, and
 * retries with back-off happen here, in one place. A job's row is deleted as
 * soon as the mail is sent, and when it fails for good too: the failure is
 * logged (without the mail), so that no link outlives its delivery.
 */
export default class SendMailJob extends Job<SendMailPayload> {
  static options: JobOptions = {
    queue: 'default',
    maxRetries: 5,
    removeOnComplete: true,
    removeOnFail: true,
  }

  async execute() {
    const { mailerName } = this.payload
    const queued =
      'sealed' in this.payload
        ? encryption.decrypt<QueuedMail>(this.payload.sealed, PURPOSE)
        : this.payload
    // Sealed with another key (APP_KEY changed): it can never be opened.
    if (!queued) {
      logger.error('a queued mail could not be decrypted and is dropped')
      return
    }
    await mail
      .use(mailerName as any)
      .sendCompiled({ message: queued.message, views: queued.views }, queued.sendConfig as any)
  }

  async failed(error: Error) {
    logger.error({ err: error }, 'a mail could not be sent after its retries and is dropped')
  }
}
