import type { ApplicationService } from '@adonisjs/core/types'
import env from '#start/env'

/**
 * In the web process, runs a queue worker beside the HTTP server (mails are
 * queued by SendMailJob.dispatchMails, one job each), so that
 * `npm start` needs no second process. Production may run dedicated workers
 * with `npm run ace -- queue:work` and QUEUE_INLINE_WORKER=false.
 */
export default class MailQueueProvider {
  #worker: { stop(): Promise<void> } | null = null

  constructor(protected app: ApplicationService) {}

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
