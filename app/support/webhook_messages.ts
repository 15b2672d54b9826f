import { randomBytes } from 'node:crypto'

/**
 * A webhook message as the Standard Webhooks specification shapes it: the
 * body is `{type, timestamp, data}`, and its `webhook-id` (`msg_…`) is
 * unique per message and the same on every retry, so that a receiver can
 * drop one it has already handled.
 */
export type WebhookBody = { type: string; timestamp: string; data: Record<string, unknown> }

/**
 * `msg_`, the time in milliseconds (12 hex digits), then 18 random bytes in
 * base64url: unique across the site, and in the order they are made, so
 * that each new id goes at the end of the unique index rather than into a
 * random page of it (thousands a second while a petition surges).
 */
export function newMessageId(at = Date.now()): string {
  return `msg_${at.toString(16).padStart(12, '0')}${randomBytes(18).toString('base64url')}`
}

/** The exact bytes that are signed and sent, made once and stored with the delivery. */
export function webhookBody(type: string, data: Record<string, unknown>, at = new Date()): string {
  const body: WebhookBody = { type, timestamp: at.toISOString(), data }
  return JSON.stringify(body)
}

/** `whsec_` and 24 random bytes in base64: the secret form the Standard Webhooks libraries take. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`
}

/** How every message names its petition. */
export type WebhookPetitionRef = { guid: string; slug: string; title: string }

export function webhookPetitionRef(petition: WebhookPetitionRef): WebhookPetitionRef {
  return { guid: petition.guid, slug: petition.slug, title: petition.title }
}
