import type Petition from '#models/petition'
import type WebhookEndpoint from '#models/webhook_endpoint'
import type WebhookDelivery from '#models/webhook_delivery'
import ManagedPetitionTransformer from '#transformers/managed_petition_transformer'
import WebhookEndpointTransformer from '#transformers/webhook_endpoint_transformer'
import WebhookDeliveryTransformer from '#transformers/webhook_delivery_transformer'
import { WEBHOOK_EVENTS } from '#shared/webhook_events'
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_LOG_SIZE } from '#shared/webhook_endpoints'

/**
 * Petition/Webhooks: the petition's endpoints, the events one may ask for,
 * the delivery log (`tries` preloaded), and the secret of the endpoint just
 * added, on the one page that follows its creation.
 */
export function webhooksPageProps(
  petition: Petition,
  endpoints: WebhookEndpoint[],
  deliveries: WebhookDelivery[],
  newSecret: { endpointId: number; secret: string } | null
) {
  return {
    petition: ManagedPetitionTransformer.transform(petition),
    endpoints: endpoints.map((endpoint) => new WebhookEndpointTransformer(endpoint).toObject()),
    deliveries: deliveries.map((delivery) => new WebhookDeliveryTransformer(delivery).toObject()),
    events: [...WEBHOOK_EVENTS],
    maxEndpoints: MAX_WEBHOOK_ENDPOINTS,
    /** The most deliveries the log lists. */
    logSize: WEBHOOK_LOG_SIZE,
    newSecret,
  }
}
