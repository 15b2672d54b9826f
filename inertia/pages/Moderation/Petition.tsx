import { Link } from '@adonisjs/inertia/react'
import { Badge, Container, ListGroup } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import PetitionActions from '~/components/moderation/petition_actions.tsx'
import PetitionCountries from '~/components/moderation/petition_countries.tsx'
import SigningTrends, { TrendActions } from '~/components/moderation/signing_trends.tsx'
import SigningAlertText from '~/components/moderation/signing_alert_text.tsx'
import { ActorName, EventText } from '~/components/moderation/trail_entry.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import PetitionVersions from '~/components/moderation/petition_versions.tsx'
import SignatureInvalidation from '~/components/moderation/signature_invalidation.tsx'
import type { InvalidationCount } from '@app/shared/fraud/invalidation_filter.ts'
import SigningPause, { type PetitionRules } from '~/components/moderation/signing_pause.tsx'
import PaperReview from '~/components/moderation/paper_review.tsx'
import OwnCaseNote from '~/components/moderation/own_case_note.tsx'
import { queueReasonLabel } from '~/components/moderation/queue_reason_label.ts'
import type { Data } from '@generated/data'

type PetitionProps = {
  petition: Data.ModeratedPetition
  /** Its countries, the largest first, with their shares; outliers flagged. */
  countries: Data.CountryShare[]
  /** How it is signed in the last hour and day: by network (keyed hash), domain and minute. */
  trends: Data.SigningTrends
  /** Its text now, as plain text. */
  currentText: Pick<Data.PetitionVersion, 'title' | 'target' | 'description' | 'letters'>
  /** Its earlier texts, newest first, with who saved each change. */
  versions: Data.PetitionVersion[]
  /** The bulk invalidation's filter (from the query string), its count or its errors. */
  invalidation: InvalidationCount
  /** This petition's bulk invalidations, newest first. */
  invalidations: Data.SignatureInvalidation[]
  /** Its signing pause, and how many of its signatures each rule stopped. */
  signingRules: PetitionRules
  /** Its batches of paper signatures, newest first. */
  paperBatches: Data.PaperBatch[]
}

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }

/**
 * Moderation/Petition: one petition as moderators know it, in the queue or
 * long after: its state, every report (open and resolved), where its
 * signers live (a country far above its share elsewhere flagged), its whole
 * audit trail and the actions that apply to it now.
 */
export default function Petition({
  petition,
  countries,
  trends,
  currentText,
  versions,
  invalidation,
  invalidations,
  signingRules,
  paperBatches,
}: PetitionProps) {
  const { t, locale } = useTranslation()
  return (
    <AppLayout title={t('page.moderation.petition_title', { title: petition.title })} noindex>
      <Container className="page-section" style={{ maxWidth: 960 }}>
        <nav className="mb-3 d-flex flex-wrap gap-3" aria-label={t('page.moderation.title')}>
          <Link route="moderation.queue">{t('page.moderation.back_to_queue')}</Link>
          <Link route="moderation.log">{t('page.moderation.log.title')}</Link>
          <Link route="moderation.rules">{t('page.moderation.rules.title')}</Link>
        </nav>
        <h1 className="fw-bold h2">{petition.title}</h1>
        <p className="text-muted mb-2">
          {petition.target} · {petition.owner ?? t('page.account.deleted_user')} ·{' '}
          {formatDate(locale, petition.createdAt)} ·{' '}
          <Link route="petitions.show" routeParams={{ slug: petition.slug }}>
            {t('page.moderation.public_page')}
          </Link>
        </p>
        <ul className="list-unstyled mb-4" data-testid="petition-state">
          {petition.queueReason && (
            <li>
              <Badge bg="light" text="dark" className="border">
                {queueReasonLabel(t, petition)}
              </Badge>{' '}
              <SigningAlertText petition={petition} />
            </li>
          )}
          {!petition.published && (
            <li>
              <Badge bg="secondary">{t('page.moderation.draft')}</Badge>
            </li>
          )}
          {petition.hiddenAt && (
            <li>
              <Badge bg="dark">{t('page.moderation.hidden')}</Badge>{' '}
              {formatDate(locale, petition.hiddenAt)} —{' '}
              {t(`common.hide_reasons.${petition.hiddenReason}`)}
              {petition.hiddenNote && <> — {petition.hiddenNote}</>}
            </li>
          )}
          {petition.moderatorClosedAt ? (
            <li data-testid="closed-by-moderator">
              <Badge bg="secondary">{t('page.moderation.closed_by_moderator')}</Badge>{' '}
              {formatDate(locale, petition.moderatorClosedAt)}
              {petition.moderatorClosedReason && <> — {petition.moderatorClosedReason}</>}
            </li>
          ) : (
            petition.finished && (
              <li>
                <Badge bg="secondary">{t('page.moderation.finished')}</Badge>
              </li>
            )
          )}
        </ul>
        {petition.ownPetition && <OwnCaseNote />}

        <section className="mb-4" aria-labelledby="reports-title">
          <h2 className="h4" id="reports-title">
            {t('page.moderation.reports_all')}
          </h2>
          {petition.reports.length === 0 ? (
            <p className="text-muted">{t('page.moderation.no_reports')}</p>
          ) : (
            <ListGroup as="ul" data-testid="reports">
              {petition.reports.map((report) => (
                <ListGroup.Item as="li" key={report.id}>
                  <strong>{t(`page.report.reasons.${report.reason}`)}</strong>
                  {report.note && <> — {report.note}</>}{' '}
                  <span className="text-muted small">
                    {formatDate(locale, report.createdAt)} ·{' '}
                    {report.resolvedAt
                      ? t('page.moderation.report_resolved', {
                          date: formatDate(locale, report.resolvedAt),
                        })
                      : t('page.moderation.report_open')}
                  </span>
                </ListGroup.Item>
              ))}
            </ListGroup>
          )}
        </section>

        <PetitionCountries countries={countries} />

        <SigningTrends
          trends={trends}
          actions={({ kind, subject }) => (
            <TrendActions petitionId={petition.id} kind={kind} subject={subject} />
          )}
        />

        {/* Decisions on their own petition are another moderator's. */}
        {!petition.ownPetition && (
          <>
            <SignatureInvalidation
              petitionId={petition.id}
              invalidation={invalidation}
              invalidations={invalidations}
            />
            <SigningPause petitionId={petition.id} rules={signingRules} />
            <PaperReview petitionId={petition.id} batches={paperBatches} />
          </>
        )}

        <PetitionVersions petition={petition} current={currentText} versions={versions} />

        <section className="mb-4" aria-labelledby="trail-title">
          <h2 className="h4" id="trail-title">
            {t('page.moderation.trail')}
          </h2>
          {petition.trail.length === 0 ? (
            <p className="text-muted">{t('page.moderation.no_trail')}</p>
          ) : (
            <ol className="list-unstyled" data-testid="trail">
              {petition.trail.map((entry) => (
                <li key={entry.id} className="mb-2" data-testid="trail-entry">
                  <span className="text-muted small">
                    {formatDate(locale, entry.createdAt, WHEN)}
                  </span>{' '}
                  <strong>
                    <ActorName entry={entry} />
                  </strong>{' '}
                  <EventText entry={entry} />
                  {entry.reasonCode && <> — {t(`common.hide_reasons.${entry.reasonCode}`)}</>}
                  {entry.reason && <> — {entry.reason}</>}
                </li>
              ))}
            </ol>
          )}
        </section>

        {!petition.ownPetition && (
          <section aria-labelledby="actions-title">
            <h2 className="h4" id="actions-title">
              {t('page.moderation.actions_title')}
            </h2>
            <PetitionActions petition={petition} />
          </section>
        )}
      </Container>
    </AppLayout>
  )
}
