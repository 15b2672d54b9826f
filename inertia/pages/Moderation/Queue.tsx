import { Link } from '@adonisjs/inertia/react'
import { Badge, Card, Container, ListGroup, Nav } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import Pagination from '~/components/pagination.tsx'
import PetitionActions from '~/components/moderation/petition_actions.tsx'
import { ActorName, EventText } from '~/components/moderation/trail_entry.tsx'
import SigningAlertText from '~/components/moderation/signing_alert_text.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import { urlFor } from '~/client.ts'
import type { Paginated } from '@app/shared/pagination.ts'
import type { Data } from '@generated/data'
import { queueReasonLabel } from '~/components/moderation/queue_reason_label.ts'

type QueueProps = {
  view: 'review' | 'hidden'
  petitions: Paginated<Data.ModeratedPetition>
  /** Decision makers' addresses waiting for a moderator's approval. */
  decisionMakersToApprove: number
}

/** Why a petition waits, as a badge: "Unusual signing", "Reported (2)", "Paper to verify (1)", "Review requested", "New". */
function QueueReasonBadge({ petition }: { petition: Data.ModeratedPetition }) {
  const { t } = useTranslation()
  if (!petition.queueReason) return null
  const variant = {
    unusual_signing: 'danger',
    reported: 'danger',
    paper_to_verify: 'warning',
    review_requested: 'warning',
    new: 'info',
  }[petition.queueReason]
  return (
    <Badge bg={variant} text={variant === 'danger' ? undefined : 'dark'} data-testid="queue-reason">
      {queueReasonLabel(t, petition)}
    </Badge>
  )
}

/**
 * Moderation/Queue: petitions signed unusually first (the network's
 * shortened hash or the domain, and its count), then reported ones, then
 * those whose owner asked for a review, then new ones, each saying why it
 * waits; or the hidden ones.
 */
export default function Queue({ view, petitions, decisionMakersToApprove }: QueueProps) {
  const { t, locale } = useTranslation()
  return (
    <AppLayout title={t('page.moderation.title')} noindex>
      <Container className="page-section">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
          <h1 className="fw-bold">{t('page.moderation.title')}</h1>
          <div className="d-flex gap-3">
            <Link route="moderation.log" data-testid="log-link">
              {t('page.moderation.log.title')}
            </Link>
            <Link route="moderation.rules" data-testid="rules-link">
              {t('page.moderation.rules.title')}
            </Link>
          </div>
        </div>
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
          <Nav.Item>
            <Nav.Link
              as={Link}
              href={urlFor('moderation.decision_makers')}
              data-testid="decision-makers-tab"
            >
              {t('page.moderation.decision_makers.queue_tab', { count: decisionMakersToApprove })}
            </Nav.Link>
          </Nav.Item>
        </Nav>
        {petitions.data.length === 0 && <p className="text-muted">{t('page.moderation.empty')}</p>}
        {petitions.data.map((petition) => (
          <Card key={petition.id} className="mb-3 shadow-sm" data-testid="queued-petition">
            <Card.Body>
              {view === 'review' && (
                <p className="mb-1">
                  <QueueReasonBadge petition={petition} /> <SigningAlertText petition={petition} />
                </p>
              )}
              <h2 className="h5">
                <Link route="petitions.show" routeParams={{ slug: petition.slug }}>
                  {petition.title}
                </Link>
              </h2>
              <p className="text-muted small mb-2">
                {petition.target} · {petition.owner ?? t('page.account.deleted_user')} ·{' '}
                {formatDate(locale, petition.createdAt)} ·{' '}
                <Link
                  route="moderation.petition"
                  routeParams={{ id: petition.id }}
                  data-testid="petition-file-link"
                >
                  {t('page.moderation.petition_page')}
                </Link>
              </p>
              {petition.hiddenAt && (
                <p data-testid="hidden-reason">
                  <Badge bg="dark">{t('page.moderation.hidden')}</Badge>{' '}
                  {t(`common.hide_reasons.${petition.hiddenReason}`)}
                  {petition.hiddenNote && <> — {petition.hiddenNote}</>}
                </p>
              )}
              {petition.reports.length > 0 && (
                <>
                  <h3 className="h6">
                    {t('page.moderation.reports', { count: petition.reports.length })}
                  </h3>
                  <ListGroup as="ul" className="mb-3">
                    {petition.reports.map((report) => (
                      <ListGroup.Item as="li" key={report.id}>
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
                    {petition.trail.map((entry) => (
                      <li key={entry.id}>
                        {formatDate(locale, entry.createdAt)}
                        {t('common.colon')} <ActorName entry={entry} />, <EventText entry={entry} />
                        {entry.reasonCode && <> — {t(`common.hide_reasons.${entry.reasonCode}`)}</>}
                        {entry.reason && <> — {entry.reason}</>}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <PetitionActions petition={petition} />
            </Card.Body>
          </Card>
        ))}
        <Pagination links={petitions.links} />
      </Container>
    </AppLayout>
  )
}
