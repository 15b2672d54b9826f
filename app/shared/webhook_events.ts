/** What a petition's webhook endpoint can be told, each its own event type. */
export const WEBHOOK_EVENTS = [
  'signature.confirmed',
  'signature.withdrawn',
  'petition.milestone',
  'petition.answered',
  'petition.updated',
  'petition.closed',
] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** Sent only by the owner's "send a test event": never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test'
