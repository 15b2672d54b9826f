import type { ApplicationService } from '@adonisjs/core/types'

/** A queue worker started by this process, to stop on its way out. */
export type RunningQueueWorker = { stop(): Promise<void> }

/**
 * Starts a queue worker inside this process on `queues` (it also dispatches
 * the cron runs that are due, once across every worker of the site). The
 * worker stops at once on shutdown: a job cut short is the queue's to run
 * again, and the webhook sender's rows are claimed, not lost.
 */
export async function startQueueWorker(
  app: ApplicationService,
  queues: string[]
): Promise<RunningQueueWorker> {
  const { Worker } = await import('@adonisjs/queue')
  const config = app.config.get<any>('queue')
  const queueManager = await app.container.make('queue.manager')
  await queueManager.loadJobs()
  const adapters: Record<string, unknown> = {}
  for (const [name, adapter] of Object.entries<any>(config.adapters)) {
    adapters[name] = typeof adapter === 'function' ? adapter : await adapter.resolver(app)
  }
  const logger = await app.container.make('logger')
  const worker = new Worker({
    ...config,
    autoLoadJobs: false,
    adapters,
    jobFactory: (jobClass: any) => app.container.make(jobClass),
    logger,
    worker: { ...config.worker, gracefulShutdown: false },
  } as any)
  worker.start(queues).catch((error) => logger.error({ err: error }, 'queue worker stopped'))
  return worker
}
