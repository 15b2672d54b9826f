import { handsMailsOver, isMailWorker } from '#support/mail_worker'

/** Jobs a web request waits on the least: mails, milestones, the cron runs. */
export const DEFAULT_QUEUE = 'default'

/**
 * Webhook sending: a confirmation surge makes three deliveries a signature,
 * and sending them costs more CPU than the confirmations themselves. Under
 * the supervisor its background worker (niced below the web workers) takes
 * them, so signers are answered first and the deliveries use what is left.
 */
export const WEBHOOKS_QUEUE = 'webhooks'

/**
 * The queues this process's own queue worker consumes: under the
 * supervisor, its web workers take the default queue and its background
 * worker the webhooks; a process serving alone (development, tests,
 * MAIL_PROCESS=false) takes both, so nothing is left unsent.
 */
export function queuesConsumedHere(): string[] {
  if (isMailWorker()) return [WEBHOOKS_QUEUE]
  if (handsMailsOver()) return [DEFAULT_QUEUE]
  return [DEFAULT_QUEUE, WEBHOOKS_QUEUE]
}
