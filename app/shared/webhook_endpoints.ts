/**
 * The endpoints a petition may have at once: enough for a CRM, a mailing
 * tool and an automation, each with a spare, while every event costs one
 * delivery per endpoint.
 */
export const MAX_WEBHOOK_ENDPOINTS = 5

/** The deliveries the owner's log lists: the newest of the petition's endpoints together. */
export const WEBHOOK_LOG_SIZE = 50

/** The longest endpoint address taken. */
export const WEBHOOK_URL_MAX_LENGTH = 2000

/**
 * Why an endpoint is refused at registration: its address (as the
 * destination judge says: not an address, not https, not public, no such
 * host), or the petition has as many as it may.
 */
export type WebhookEndpointRefusal =
  'invalid' | 'not_https' | 'not_public' | 'unresolvable' | 'too_many'

/** An endpoint as its owner reads it: sending, failing since a moment, or disabled. */
export type WebhookEndpointState = 'active' | 'failing' | 'disabled'
