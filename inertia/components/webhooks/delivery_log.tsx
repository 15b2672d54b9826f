import { router } from '@inertiajs/react'
import { Badge, Button, Table } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import { urlFor } from '~/client.ts'
import type { Data } from '@generated/data'

/** Field by field: dateStyle and timeStyle refuse a time zone's name, and the log's times are UTC. */
const TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
}

const STATUS_VARIANTS = { pending: 'secondary', delivered: 'success', failed: 'danger' } as const

/** One try: when, the receiver's status code (or why no answer came), how long. */
function Attempt({ attempt }: { attempt: Data.WebhookDelivery['attempts'][number] }) {
  const { t, locale } = useTranslation()
  const answered = attempt.statusCode !== null
  return (
    <li data-testid="webhook-attempt">
      <time dateTime={attempt.attemptedAt}>{formatDate(locale, attempt.attemptedAt, TIME)}</time>
      {' · '}
      <span
        data-testid="webhook-attempt-status"
        className={
          answered && attempt.statusCode! < 300 ? 'text-success-emphasis' : 'text-danger-emphasis'
        }
      >
        {answered ? attempt.statusCode : t('webhooks.log.unanswered')}
      </span>
      {' · '}
      {t('webhooks.log.duration', { ms: attempt.durationMs })}
      {attempt.error && <span className="d-block text-muted">{attempt.error}</span>}
    </li>
  )
}

/** The petition's newest deliveries with each try, and "send again" for each. */
export default function DeliveryLog({
  guid,
  deliveries,
  endpoints,
  logSize,
}: {
  guid: string
  deliveries: Data.WebhookDelivery[]
  endpoints: Data.WebhookEndpoint[]
  logSize: number
}) {
  const { t, locale } = useTranslation()
  const urlOf = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.url]))
  const resend = (delivery: Data.WebhookDelivery) =>
    router.post(
      urlFor('petitions.webhooks.resend', { guid, id: delivery.id }),
      {},
      { preserveScroll: true }
    )

  return (
    <section className="mb-4" aria-labelledby="webhook-log-title" data-testid="webhook-log">
      <h2 className="h4" id="webhook-log-title">
        {t('webhooks.log.title')}
      </h2>
      <p className="text-muted">{t('webhooks.log.intro', { count: logSize })}</p>
      {deliveries.length === 0 ? (
        <p className="text-muted" data-testid="webhook-log-empty">
          {t('webhooks.log.empty')}
        </p>
      ) : (
        <Table responsive size="sm" className="align-middle">
          <caption className="visually-hidden">{t('webhooks.log.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('webhooks.log.time')}</th>
              <th scope="col">{t('webhooks.log.event')}</th>
              <th scope="col">{t('webhooks.log.endpoint')}</th>
              <th scope="col">{t('webhooks.log.state')}</th>
              <th scope="col">{t('webhooks.log.attempts')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('webhooks.log.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr
                key={delivery.id}
                data-testid="webhook-delivery"
                data-message-id={delivery.messageId}
              >
                <td className="text-nowrap">
                  <time dateTime={delivery.createdAt}>
                    {formatDate(locale, delivery.createdAt, TIME)}
                  </time>
                </td>
                <td data-testid="webhook-delivery-event">
                  {t(`webhooks.events.${delivery.event}`)}
                </td>
                <td className="text-break small">
                  <code>{urlOf.get(delivery.endpointId)}</code>
                </td>
                <td>
                  <Badge
                    bg={STATUS_VARIANTS[delivery.status]}
                    data-testid="webhook-delivery-status"
                  >
                    {t(`webhooks.log.status.${delivery.status}`)}
                  </Badge>
                </td>
                <td className="small">
                  {delivery.attempts.length === 0 ? (
                    <span className="text-muted">{t('webhooks.log.no_attempt')}</span>
                  ) : (
                    <ol className="list-unstyled mb-0">
                      {delivery.attempts.map((attempt) => (
                        <Attempt key={attempt.id} attempt={attempt} />
                      ))}
                    </ol>
                  )}
                </td>
                <td>
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    data-testid="webhook-resend"
                    aria-label={t('webhooks.log.resend_label', {
                      event: t(`webhooks.events.${delivery.event}`),
                      time: formatDate(locale, delivery.createdAt, TIME),
                    })}
                    onClick={() => resend(delivery)}
                  >
                    {t('webhooks.log.resend')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  )
}
