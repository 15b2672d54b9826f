import { BaseTransformer } from '@adonisjs/core/transformers'
import type WebhookDelivery from '#models/webhook_delivery'

/**
 * One delivery of the owner's log: its endpoint, event, message id and
 * state, and each try (when, the receiver's status code, how long, why no
 * answer came). Never the body, which the receiver has. `tries` preloaded.
 */
export default class WebhookDeliveryTransformer extends BaseTransformer<WebhookDelivery> {
  toObject() {
    const delivery = this.resource
    return {
      id: delivery.id,
      endpointId: delivery.endpointId,
      messageId: delivery.messageId,
      event: delivery.event,
      status: delivery.status,
      createdAt: delivery.createdAt.toISO()!,
      deliveredAt: delivery.deliveredAt?.toISO() ?? null,
      nextAttemptAt: delivery.nextAttemptAt?.toISO() ?? null,
      attempts: delivery.tries.map((attempt) => ({
        id: attempt.id,
        attemptedAt: attempt.attemptedAt.toISO()!,
        statusCode: attempt.statusCode,
        durationMs: attempt.durationMs,
        error: attempt.error,
      })),
    }
  }
}
