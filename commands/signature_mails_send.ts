import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * The supervisor's mail worker (bin/supervisor.ts): sends the signers' mails
 * its web workers hand over as they store signatures, and sweeps up links
 * left due, until it is stopped. Run alone, it only sweeps.
 */
export default class SignatureMailsSend extends BaseCommand {
  static commandName = 'signature-mails:send'
  static description = "Send signers' mails handed over by the web workers, and those left due"
  static options: CommandOptions = { startApp: true, staysAlive: true }

  async run() {
    // The mails' links are built from the named routes, which a command does not load by itself.
    const router = await this.app.container.make('router')
    await import('#start/routes')
    router.commit()
    const { signatureMails } = await import('#runtime/signatures/signature_mails')
    const { takeHandedOver } = await import('#support/mail_worker')
    const { processMetrics } = await import('#runtime/metrics/process_metrics')
    const { joinWorkerMetrics, isSupervisedWorker } =
      await import('#support/metrics/cluster_aggregation')
    // Its mails count in the node's metrics, as a web worker's do.
    if (isSupervisedWorker()) joinWorkerMetrics(processMetrics, { announce: true })
    signatureMails.startSweeping()
    takeHandedOver((ids) => signatureMails.take(ids))
  }
}
