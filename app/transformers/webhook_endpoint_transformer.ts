import { BaseTransformer } from '@adonisjs/core/transformers'
import type WebhookEndpoint from '#models/webhook_endpoint'
import type { WebhookEndpointState } from '#shared/webhook_endpoints'

/**
 * A webhook endpoint as its owner reads it, on the page and through the
 * API: where it sends, what, since when, and whether it is sending, failing
 * (since when) or disabled. Never its secret, which is shown once.
 */
export default class WebhookEndpointTransformer extends BaseTransformer<WebhookEndpoint> {
  toObject() {
    const endpoint = this.resource
    const state: WebhookEndpointState = endpoint.disabledAt
      ? 'disabled'
      : endpoint.failingSince
        ? 'failing'
        : 'active'
    return {
      id: endpoint.id,
      url: endpoint.url,
      events: [...endpoint.events],
      state,
      failingSince: endpoint.failingSince?.toISO() ?? null,
      disabledAt: endpoint.disabledAt?.toISO() ?? null,
      createdAt: endpoint.createdAt.toISO()!,
    }
  }
}
