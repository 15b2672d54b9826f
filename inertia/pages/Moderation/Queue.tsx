import { Link } from '@adonisjs/inertia/react'
import { useForm } from '@inertiajs/react'
import { Badge, Button, Card, Container, Form, ListGroup, Nav } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import Pagination from '~/components/pagination.tsx'
import FormField from '~/components/form_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import { bindText } from '~/lib/bind_text.ts'
import { urlFor } from '~/client.ts'
import type { Paginated } from '@app/services/http/pagination.ts'
import type { Data } from '@generated/data'

/** As the server's transformer shapes it. */
type QueuedPetition = Data.QueuedPetition

type QueueProps = { view: 'review' | 'hidden'; petitions: Paginated<QueuedPetition> }

type Action = 'hide' | 'restore' | 'close' | 'dismiss'

/** The actions a petition in the queue offers, each asking for a reason. */
function Actions({ petition }: { petition: QueuedPetition }) {
  const { t } = useTranslation()
  const form = useForm({ reason: '' })
  const actions: Action[] = petition.hiddenAt
    ? ['restore']
    : ['hide', ...(petition.finished ? [] : (['close'] as Action[])), 'dismiss']
  const act = (action: Action) =>
    form.post(urlFor('moderation.act', { id: petition.id, action }), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
    })
  return (
    <Form onSubmit={(event) => event.preventDefault()} noValidate>
      <FormField
        {...bindText(form, 'reason')}
        id={`reason-${petition.id}`}
        as="textarea"
        rows={2}
        label={t('page.moderation.reason')}
      />
      <div className="d-flex flex-wrap gap-2">
        {actions.map((action) => (
          <Button
            key={action}
            variant={action === 'hide' ? 'danger' : 'outline-secondary'}
            disabled={form.processing}
            onClick={() => act(action)}
          >
            {t(`page.moderation.actions.${action}`)}
          </Button>
        ))}
      </div>
    </Form>
  )
}

/** Moderation/Queue: reported and new petitions, oldest first; or the hidden ones. */
export default function Queue({ view, petitions }: QueueProps) {
  const { t, locale } = useTranslation()
  return (
    <AppLayout title={t('page.moderation.title')} noindex>
      <Container className="page-section">
        <h1 className="fw-bold">{t('page.moderation.title')}</h1>
        <Nav variant="tabs" className="mb-3" activeKey={view}>
          <Nav.Item>
            <Nav.Link as={Link} href={urlFor('moderation.queue')} eventKey="review">
              {t('page.moderation.to_review')}
            </Nav.Link>
          </Nav.Item>
          <Nav.Item>
            <Nav.Link
              as={Link}
              href={`${urlFor('moderation.queue')}?view=hidden`}
              eventKey="hidden"
            >
              {t('page.moderation.hidden')}
            </Nav.Link>
          </Nav.Item>
        </Nav>
        {petitions.data.length === 0 && <p className="text-muted">{t('page.moderation.empty')}</p>}
        {petitions.data.map((petition) => (
          <Card key={petition.id} className="mb-3 shadow-sm" data-testid="queued-petition">
            <Card.Body>
              <h2 className="h5">
                <Link route="petitions.show" routeParams={{ slug: petition.slug }}>
                  {petition.title}
                </Link>
              </h2>
              <p className="text-muted small mb-2">
                {petition.target} · {petition.owner ?? t('page.account.deleted_user')} ·{' '}
                {formatDate(locale, petition.createdAt)}
              </p>
              {petition.hiddenAt && (
                <p>
                  <Badge bg="dark">{t('page.moderation.hidden')}</Badge> {petition.hiddenReason}
                </p>
              )}
              {petition.reports.length > 0 && (
                <>
                  <h3 className="h6">
                    {t('page.moderation.reports', { count: petition.reports.length })}
                  </h3>
                  <ListGroup as="ul" className="mb-3">
                    {petition.reports.map((report, index) => (
                      <ListGroup.Item as="li" key={index}>
                        <strong>{t(`page.report.reasons.${report.reason}`)}</strong>
                        {report.note && <> — {report.note}</>}{' '}
                        <span className="text-muted small">
                          {formatDate(locale, report.createdAt)}
                        </span>
                      </ListGroup.Item>
                    ))}
                  </ListGroup>
                </>
              )}
              {petition.trail.length > 0 && (
                <>
                  <h3 className="h6">{t('page.moderation.trail')}</h3>
                  <ul className="small text-muted">
                    {petition.trail.map((event, index) => (
                      <li key={index}>
                        {formatDate(locale, event.createdAt)}: {event.actorName},{' '}
                        {t(`page.moderation.events.${event.action}`)}
                        {event.reason && <> — {event.reason}</>}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <Actions petition={petition} />
            </Card.Body>
          </Card>
        ))}
        <Pagination links={petitions.links} />
      </Container>
    </AppLayout>
  )
}
