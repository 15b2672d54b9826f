import cluster from 'node:cluster'

/**
 * Under the supervisor (`npm start`), webhooks leave from a process of
 * their own, the webhook worker, niced as the mail worker is: during a
 * confirmation surge every confirmation makes a delivery per endpoint, and
 * sending them costs about as much CPU as the confirmations themselves.
 * Its rounds wait while the site's own processes keep the cores busy
 * (runtime/webhooks/idle_cores), so a surge's signers and their mails go
 * first and the deliveries catch up as it calms (they wait in their table,
 * due, without using any of their tries); and a backlog of deliveries never
 * holds up the signers' mails.
 */
/** Set by the supervisor on its webhook worker. */
export const WEBHOOK_WORKER = 'UNDERSIGN_WEBHOOK_WORKER'

/** Whether this process is the supervisor's webhook worker. */
export function isWebhookWorker() {
  return cluster.isWorker && process.env[WEBHOOK_WORKER] === '1'
}
