import { Link } from '@adonisjs/inertia/react'
import { Container } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import Flash from '~/components/flash.tsx'
import NewSecretAlert from '~/components/webhooks/new_secret_alert.tsx'
import EndpointList from '~/components/webhooks/endpoint_list.tsx'
import EndpointForm from '~/components/webhooks/endpoint_form.tsx'
import DeliveryLog from '~/components/webhooks/delivery_log.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import type { Data } from '@generated/data'

type PetitionWebhooksProps = {
  petition: Data.ManagedPetition
  endpoints: Data.WebhookEndpoint[]
  deliveries: Data.WebhookDelivery[]
  /** The events an endpoint may ask for. */
  events: string[]
  maxEndpoints: number
  logSize: number
  /** The secret of the endpoint just added: on this one page, never again. */
  newSecret: { endpointId: number; secret: string } | null
}

/**
 * The owner's webhooks of a petition: its endpoints (a test event, enable
 * again, delete), the form that adds one, and the delivery log.
 */
export default function Webhooks({
  petition,
  endpoints,
  deliveries,
  events,
  maxEndpoints,
  logSize,
  newSecret,
}: PetitionWebhooksProps) {
  const { t } = useTranslation()
  return (
    <AppLayout title={t('webhooks.page.title')} noindex>
      <Container className="page-section">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-3">
          <div>
            <h1 className="h2 fw-bold">{t('webhooks.page.title')}</h1>
            <p className="lead mb-1">{petition.title}</p>
            <p className="text-muted mb-0">{t('webhooks.page.intro')}</p>
          </div>
          <div className="d-flex flex-wrap gap-2">
            <Link
              route="petitions.show"
              routeParams={{ slug: petition.slug }}
              className="btn btn-outline-secondary"
            >
              {t('webhooks.page.back')}
            </Link>
            <Link
              route="petitions.signatures.index"
              routeParams={{ guid: petition.guid }}
              className="btn btn-outline-secondary"
            >
              {t('webhooks.page.signatures')}
            </Link>
          </div>
        </div>
        <Flash at="form" />
        {newSecret && <NewSecretAlert secret={newSecret.secret} />}
        <EndpointList guid={petition.guid} endpoints={endpoints} />
        <EndpointForm
          guid={petition.guid}
          events={events}
          full={endpoints.length >= maxEndpoints}
          maxEndpoints={maxEndpoints}
        />
        <DeliveryLog
          guid={petition.guid}
          deliveries={deliveries}
          endpoints={endpoints}
          logSize={logSize}
        />
      </Container>
    </AppLayout>
  )
}
