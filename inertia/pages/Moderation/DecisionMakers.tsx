import type { FormEvent } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { router } from '@inertiajs/react'
import { Badge, Button, Card, Container, Form } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import Pagination from '~/components/pagination.tsx'
import AddressDecision from '~/components/moderation/address_decision.tsx'
import OwnCaseNote from '~/components/moderation/own_case_note.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import { urlFor } from '~/client.ts'
import type { Paginated } from '@app/shared/pagination.ts'
import type { Data } from '@generated/data'

type DecisionMakersProps = {
  /** Recipients whose address no moderator judged yet, oldest first (the first ones). */
  pending: Data.PendingRecipient[]
  pendingTotal: number
  /** Addresses judged, newest decision first, found by `search`. */
  directory: Paginated<Data.DecisionMakerAddress>
  search: string
}

/**
 * Moderation/DecisionMakers: no petition is mailed to an address before a
 * moderator approved it once. The addresses waiting, each with its
 * petition, letter and recipient, to approve or refuse; then the
 * directory of addresses judged, for the whole site, to search, revoke or
 * approve again.
 */
export default function DecisionMakers({
  pending,
  pendingTotal,
  directory,
  search,
}: DecisionMakersProps) {
  const { t } = useTranslation()
  const find = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim()
    router.get(urlFor('moderation.decision_makers'), q ? { q } : {}, { preserveScroll: true })
  }
  return (
    <AppLayout title={t('page.moderation.decision_makers.title')} noindex>
      <Container className="page-section" style={{ maxWidth: 960 }}>
        <nav className="mb-3 d-flex flex-wrap gap-3" aria-label={t('page.moderation.title')}>
          <Link route="moderation.queue">{t('page.moderation.back_to_queue')}</Link>
          <Link route="moderation.log">{t('page.moderation.log.title')}</Link>
        </nav>
        <h1 className="fw-bold h2">{t('page.moderation.decision_makers.title')}</h1>
        <p className="text-muted">{t('page.moderation.decision_makers.intro')}</p>

        <section className="mb-5" aria-labelledby="pending-title">
          <h2 className="h4" id="pending-title">
            {t('page.moderation.decision_makers.to_approve', { count: pendingTotal })}
          </h2>
          {pending.length === 0 && (
            <p className="text-muted">{t('page.moderation.decision_makers.none_waiting')}</p>
          )}
          {pending.map((recipient) => (
            <PendingCard key={recipient.id} recipient={recipient} />
          ))}
        </section>

        <section aria-labelledby="directory-title">
          <h2 className="h4" id="directory-title">
            {t('page.moderation.decision_makers.directory')}
          </h2>
          <Form onSubmit={find} className="d-flex flex-wrap gap-2 mb-3" role="search">
            <Form.Label htmlFor="directory-search" className="visually-hidden">
              {t('page.moderation.decision_makers.search')}
            </Form.Label>
            <Form.Control
              id="directory-search"
              name="q"
              type="search"
              defaultValue={search}
              placeholder={t('page.moderation.decision_makers.search')}
              style={{ maxWidth: 360 }}
            />
            <Button type="submit" variant="outline-primary">
              {t('page.moderation.decision_makers.find')}
            </Button>
          </Form>
          {directory.data.length === 0 ? (
            <p className="text-muted">{t('page.moderation.decision_makers.directory_empty')}</p>
          ) : (
            <DirectoryList entries={directory.data} />
          )}
          <Pagination links={directory.links} />
        </section>
      </Container>
    </AppLayout>
  )
}

/** A recipient waiting: who, at which address, for which petition and letter. */
function PendingCard({ recipient }: { recipient: Data.PendingRecipient }) {
  const { t } = useTranslation()
  return (
    <Card className="mb-3 shadow-sm" data-testid="pending-recipient">
      <Card.Body>
        <h3 className="h5 mb-1">
          {recipient.name}
          {recipient.role && (
            <span className="fw-normal text-body-secondary"> · {recipient.role}</span>
          )}
        </h3>
        <p className="mb-1 text-break">
          <code>{recipient.email}</code>
        </p>
        <p className="small mb-2">
          {t('page.moderation.decision_makers.for_petition')}{' '}
          <Link route="moderation.petition" routeParams={{ id: recipient.petition.id }}>
            {recipient.petition.title}
          </Link>
        </p>
        <blockquote className="small border-start border-3 ps-2 text-body-secondary text-break">
          {recipient.letter}
        </blockquote>
        {recipient.ownPetition ? (
          <OwnCaseNote />
        ) : (
          <AddressDecision
            url={urlFor('moderation.decision_makers.judge', { id: recipient.id })}
            id={`recipient-${recipient.id}`}
            offers={['approve', 'refuse']}
            refuseLabel={t('page.moderation.decision_makers.refuse')}
          />
        )}
      </Card.Body>
    </Card>
  )
}

/**
 * The addresses judged: each with its status and reason, and what can
 * change it; side by side on wide screens, one under the other on phones.
 */
function DirectoryList({ entries }: { entries: Data.DecisionMakerAddress[] }) {
  const { t, locale } = useTranslation()
  return (
    // On white, as the cards above: the addresses' colour reads at 4.5:1 there.
    <ul className="list-unstyled card card-body py-0 mb-3" aria-labelledby="directory-title">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className="row g-2 border-bottom py-3"
          data-testid="directory-entry"
          data-status={entry.status}
        >
          <div className="col-md-5 text-break">
            <code>{entry.email}</code>
            <br />
            <span className="small">{entry.name}</span>
          </div>
          <div className="col-md-3">
            <Badge bg={entry.status === 'approved' ? 'success' : 'secondary'}>
              {t(`page.moderation.decision_makers.statuses.${entry.status}`)}
            </Badge>{' '}
            <span className="small text-muted">{formatDate(locale, entry.decidedAt)}</span>
            {entry.reason && <p className="small mb-0 text-break">{entry.reason}</p>}
          </div>
          <div className="col-md-4">
            <AddressDecision
              url={urlFor('moderation.decision_makers.update', { id: entry.id })}
              id={`address-${entry.id}`}
              offers={[entry.status === 'approved' ? 'refuse' : 'approve']}
              refuseLabel={t('page.moderation.decision_makers.revoke')}
            />
          </div>
        </li>
      ))}
    </ul>
  )
}
