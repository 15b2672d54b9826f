import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * The supervisor's webhook worker (bin/supervisor.ts, `#support/webhook_worker`):
 * consumes the webhooks queue, which its web workers leave to it (the
 * deliveries told after each flush, and the sweep), until it is stopped,
 * each round waiting for the cores the site leaves idle.
 */
export default class WebhooksSend extends BaseCommand {
  static commandName = 'webhooks:send'
  static description = 'Send the webhook deliveries that are due, as the webhooks queue asks'
  static options: CommandOptions = { startApp: true, staysAlive: true }

  async run() {
    // An endpoint disabled by a try mails its owner, with links built from the named routes.
    const router = await this.app.container.make('router')
    await import('#start/routes')
    router.commit()
    const { processMetrics } = await import('#runtime/metrics/process_metrics')
    const { joinWorkerMetrics, isSupervisedWorker } =
      await import('#support/metrics/cluster_aggregation')
    if (isSupervisedWorker()) joinWorkerMetrics(processMetrics, { announce: true })
    // Its rounds wait while the site's own processes keep the cores busy (a surge).
    const { waitBeforeEachRound } = await import('#runtime/webhooks/delivery_queue')
    const { idleCoresGate, sampleBusyShare } = await import('#runtime/webhooks/idle_cores')
    waitBeforeEachRound(idleCoresGate({ share: sampleBusyShare() }))
    const { WEBHOOKS_QUEUE } = await import('#support/queues')
    const { startQueueWorker } = await import('#runtime/queue/queue_worker')
    const worker = await startQueueWorker(this.app, [WEBHOOKS_QUEUE])
    this.app.terminating(() => worker.stop())
  }
}
