import { handsMailsOver, isMailWorker } from '#support/mail_worker'
import { isWebhookWorker } from '#support/webhook_worker'

/** Jobs a web request waits on the least: mails, milestones, the cron runs. */
export const DEFAULT_QUEUE = 'default'

/**
 * Webhook sending: a confirmation surge makes three deliveries a signature,
 * and sending them costs about as much CPU as the confirmations themselves.
 * Under the supervisor its webhook worker (`#support/webhook_worker`) takes
 * them, waiting while the site keeps the cores busy, so signers are
 * answered first and the deliveries use what is left.
 */
export const WEBHOOKS_QUEUE = 'webhooks'

/**
 * The queues this process's own queue worker consumes: under the
 * supervisor, its web workers take the default queue, its webhook worker
 * the webhooks, and its mail worker none (it sends what is handed to it);
 * a process serving alone (development, tests, MAIL_PROCESS=false) takes
 * both, so nothing is left unsent.
 */
export function queuesConsumedHere(): string[] {
  if (isWebhookWorker()) return [WEBHOOKS_QUEUE]
  if (isMailWorker()) return []
  if (handsMailsOver()) return [DEFAULT_QUEUE]
  return [DEFAULT_QUEUE, WEBHOOKS_QUEUE]
}
