import { router } from '@inertiajs/react'
import { Badge, Button, ListGroup } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import { askToConfirm } from '~/lib/confirm.ts'
import { urlFor } from '~/client.ts'
import type { Data } from '@generated/data'

/** Field by field: dateStyle and timeStyle refuse a time zone's name, and these times are UTC. */
const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
}

/** An endpoint's state in words: sending, failing since when, or disabled since when. */
function StateBadge({ endpoint }: { endpoint: Data.WebhookEndpoint }) {
  const { t, locale } = useTranslation()
  if (endpoint.state === 'disabled') {
    return (
      <Badge bg="danger" data-testid="webhook-state">
        {t('webhooks.endpoints.state.disabled', {
          date: formatDate(locale, endpoint.disabledAt!, DATE_TIME),
        })}
      </Badge>
    )
  }
  if (endpoint.state === 'failing') {
    return (
      <Badge bg="warning" text="dark" data-testid="webhook-state">
        {t('webhooks.endpoints.state.failing', {
          date: formatDate(locale, endpoint.failingSince!, DATE_TIME),
        })}
      </Badge>
    )
  }
  return (
    <Badge bg="success" data-testid="webhook-state">
      {t('webhooks.endpoints.state.active')}
    </Badge>
  )
}

/** The petition's endpoints, each with its test event, enable again and delete. */
export default function EndpointList({
  guid,
  endpoints,
}: {
  guid: string
  endpoints: Data.WebhookEndpoint[]
}) {
  const { t, locale } = useTranslation()
  const post = (url: string) => router.post(url, {}, { preserveScroll: true })
  const remove = async (endpoint: Data.WebhookEndpoint) => {
    const confirmed = await askToConfirm({
      title: t('webhooks.endpoints.delete_title'),
      text: t('webhooks.endpoints.delete_text', { url: endpoint.url }),
      confirm: t('webhooks.endpoints.delete'),
      cancel: t('common.cancel'),
    })
    if (confirmed) {
      router.delete(urlFor('petitions.webhooks.destroy', { guid, id: endpoint.id }), {
        preserveScroll: true,
      })
    }
  }

  return (
    <section className="mb-5" aria-labelledby="webhook-endpoints-title">
      <h2 className="h4" id="webhook-endpoints-title">
        {t('webhooks.endpoints.title')}
      </h2>
      {endpoints.length === 0 ? (
        <p className="text-muted" data-testid="webhook-endpoints-empty">
          {t('webhooks.endpoints.empty')}
        </p>
      ) : (
        <ListGroup>
          {endpoints.map((endpoint) => (
            <ListGroup.Item key={endpoint.id} data-testid="webhook-endpoint">
              <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
                <div className="text-break">
                  <code data-testid="webhook-url">{endpoint.url}</code>
                  <div className="small text-muted">
                    {t('webhooks.endpoints.created', {
                      date: formatDate(locale, endpoint.createdAt, { dateStyle: 'medium' }),
                    })}
                  </div>
                </div>
                <StateBadge endpoint={endpoint} />
              </div>
              <p className="small mb-2 mt-2">
                <span className="visually-hidden">{t('webhooks.endpoints.events_label')} </span>
                {endpoint.events.map((event) => (
                  <Badge key={event} bg="light" text="dark" className="border me-1">
                    {t(`webhooks.events.${event}`)}
                  </Badge>
                ))}
              </p>
              {endpoint.state === 'disabled' && (
                <p className="small text-danger-emphasis mb-2">
                  {t('webhooks.endpoints.disabled_help')}
                </p>
              )}
              <div className="d-flex flex-wrap gap-2">
                {endpoint.state === 'disabled' ? (
                  <Button
                    size="sm"
                    variant="primary"
                    data-testid="webhook-enable"
                    onClick={() =>
                      post(urlFor('petitions.webhooks.enable', { guid, id: endpoint.id }))
                    }
                  >
                    {t('webhooks.endpoints.enable')}
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="outline-primary"
                    data-testid="webhook-test"
                    aria-label={t('webhooks.endpoints.test_label', { url: endpoint.url })}
                    onClick={() =>
                      post(urlFor('petitions.webhooks.test', { guid, id: endpoint.id }))
                    }
                  >
                    {t('webhooks.endpoints.test')}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline-danger"
                  data-testid="webhook-delete"
                  aria-label={t('webhooks.endpoints.delete_label', { url: endpoint.url })}
                  onClick={() => remove(endpoint)}
                >
                  {t('webhooks.endpoints.delete')}
                </Button>
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  )
}
