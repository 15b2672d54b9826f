import cluster from 'node:cluster'

/**
 * Under the supervisor (`npm start`), webhooks leave from a process of
 * their own, the webhook worker, at the lowest priority: during a
 * confirmation surge every confirmation makes a delivery per endpoint, and
 * sending them costs about as much CPU as the confirmations themselves.
 * Niced to the bottom, it takes only the cores the web workers and the
 * mail worker leave idle, so a surge's signers and their mails go first
 * and the deliveries catch up as it calms (they wait in their table, due,
 * without using any of their tries).
 */

/** Set by the supervisor on its webhook worker. */
export const WEBHOOK_WORKER = 'UNDERSIGN_WEBHOOK_WORKER'

/** Whether this process is the supervisor's webhook worker. */
export function isWebhookWorker() {
  return cluster.isWorker && process.env[WEBHOOK_WORKER] === '1'
}
