import type { ApplicationService } from '@adonisjs/core/types'
import env from '#start/env'
import { queuesConsumedHere } from '#support/queues'
import type { RunningQueueWorker } from '#runtime/queue/queue_worker'

/**
 * In the web process, runs a queue worker beside the HTTP server (mails are
 * queued by SendMailJob.dispatchMails, one job each), so that
 * `npm start` needs no second process. Under the supervisor the webhooks
 * queue is its background worker's (`#support/queues`); a web process
 * serving alone consumes it too. Production may run dedicated workers with
 * `npm run ace -- queue:work --queue=default,webhooks` and
 * QUEUE_INLINE_WORKER=false.
 */
export default class MailQueueProvider {
  #worker: RunningQueueWorker | null = null

  constructor(protected app: ApplicationService) {}

  async ready() {
    if (this.app.getEnvironment() !== 'web' || env.get('QUEUE_INLINE_WORKER', true) === false)
      return
    const { startQueueWorker } = await import('#runtime/queue/queue_worker')
    this.#worker = await startQueueWorker(this.app, queuesConsumedHere())
  }

  async shutdown() {
    await this.#worker?.stop()
  }
}
