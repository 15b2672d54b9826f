import type { ApplicationService } from '@adonisjs/core/types'
import env from '#start/env'

/**
 * Sends every `sendLater` mail through the queue (one SendMailJob per mail),
 * registers the scheduled jobs, and, in the web process, runs a queue worker
 * beside the HTTP server so that
 * `npm start` needs no second process. Production may run dedicated workers
 * with `npm run ace -- queue:work` and QUEUE_INLINE_WORKER=false.
 */
export default class MailQueueProvider {
  #worker: { stop(): Promise<void> } | null = null

  constructor(protected app: ApplicationService) {}

  async boot() {
    const mail = await this.app.container.make('mail.manager')
    const { default: SendMailJob, sealMail } = await import('#jobs/send_mail_job')
    mail.setMessenger((mailer) => ({
      async queue(compiled, sendConfig) {
        return SendMailJob.dispatch({
          mailerName: mailer.name,
          sealed: sealMail({ message: compiled.message, views: compiled.views, sendConfig }),
        })
      },
    }))
  }

  async ready() {
    if (this.app.getEnvironment() !== 'web' || env.get('QUEUE_INLINE_WORKER', true) === false)
      return
    const { Worker } = await import('@adonisjs/queue')
    const config = this.app.config.get<any>('queue')
    const queueManager = await this.app.container.make('queue.manager')
    await queueManager.loadJobs()
    const adapters: Record<string, unknown> = {}
    for (const [name, adapter] of Object.entries<any>(config.adapters)) {
      adapters[name] = typeof adapter === 'function' ? adapter : await adapter.resolver(this.app)
    }
    const logger = await this.app.container.make('logger')
    const worker = new Worker({
      ...config,
      autoLoadJobs: false,
      adapters,
      jobFactory: (jobClass: any) => this.app.container.make(jobClass),
      logger,
      worker: { ...config.worker, gracefulShutdown: false },
    } as any)
    this.#worker = worker
    worker.start(['default']).catch((error) => logger.error({ err: error }, 'queue worker stopped'))
  }

  async shutdown() {
    await this.#worker?.stop()
  }
}
