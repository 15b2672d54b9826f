import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import mail from '@adonisjs/mail/services/main'
import type { MessageBodyTemplates, NodeMailerMessage } from '@adonisjs/mail/types'

type SendMailPayload = {
  mailerName: string
  message: NodeMailerMessage
  views: MessageBodyTemplates
  sendConfig?: unknown
}

/**
 * Every e-mail leaves through this one job: the request only queues it, and
 * retries with back-off happen here, in one place.
 */
export default class SendMailJob extends Job<SendMailPayload> {
  static options: JobOptions = {
    queue: 'default',
    maxRetries: 5,
  }

  async execute() {
    const { mailerName, message, views, sendConfig } = this.payload
    await mail.use(mailerName as any).sendCompiled({ message, views }, sendConfig)
  }
}
