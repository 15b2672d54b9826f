import { Link } from '@adonisjs/inertia/react'
import { Alert, Button, Container } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import Flash from '~/components/flash.tsx'
import Pagination from '~/components/pagination.tsx'
import SignaturesTable from '~/components/petition/signatures_table.tsx'
import DeliveryTools, {
  type DeliveryRecipientOption,
} from '~/components/petition/delivery_tools.tsx'
import PaperSplit from '~/components/petition/show/paper_split.tsx'
import { onlineSupport } from '@app/shared/petitions/paper.ts'
import PaperBatches from '~/components/petition/offline/paper_batches.tsx'
import HandoversForm from '~/components/petition/offline/handovers_form.tsx'
import LazySignaturesChart from '~/components/charts/lazy_signatures_chart.tsx'
import SignatureSourcesSection from '~/components/petition/signature_sources.tsx'
import type { SignatureSources } from '@app/shared/signature_sources.ts'
import { useTranslation } from '~/i18n/context.tsx'
import type { Data } from '@generated/data'
import type { Paginated } from '@app/shared/pagination.ts'
import { urlFor } from '~/client.ts'

type PetitionSignaturesProps = {
  petition: Data.ManagedPetition
  signatures: Paginated<Data.ManagedSignature>
  /** Custom field id → title, one table column each. */
  customFieldsColumns: Record<string, string>
  /** For the export's plain form POST, which cannot send the X-XSRF-TOKEN header. */
  csrfToken: string
  /** The signature sheet and delivery package's choices. */
  delivery: { target: string; lang: string; recipients: DeliveryRecipientOption[] }
  /** Its batches of paper signatures, newest first. */
  paperBatches: Data.PaperBatch[]
  /** The hand-overs its owner recorded. */
  handovers: Data.Handover[]
  /** Its owner records paper batches and hand-overs; a moderator only sees them. */
  canRecordOffline: boolean
  /** Where its confirmed signatures came from, by source and by day. */
  sources: SignatureSources
}

/** The owner's signatures of a petition: the table, remove / restore and the export. */
export default function Signatures({
  petition,
  signatures,
  customFieldsColumns,
  csrfToken,
  delivery,
  paperBatches,
  handovers,
  canRecordOffline,
  sources,
}: PetitionSignaturesProps) {
  const { t } = useTranslation()
  // The table holds the online signatures: verified paper ones are counted apart.
  const onlineSupportCount = onlineSupport(petition)
  const counted = onlineSupportCount + petition.opposeCount

  return (
    <AppLayout title={t('page.signatures.title')} noindex>
      <Container className="page-section">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-3">
          <div>
            <h1 className="h2 fw-bold">{t('page.signatures.title')}</h1>
            <p className="lead mb-1" data-testid="signatures-petition-title">
              {petition.title}
            </p>
            <p className="text-muted mb-0">{t('page.signatures.description')}</p>
            {/* The sections under the table, which a long table pushes far down. */}
            <nav aria-label={t('page.signatures.on_this_page')} className="mt-2">
              <ul className="list-inline mb-0 small">
                {[
                  ['delivery-tools-title', t('delivery.tools.title')],
                  ['paper-title', t('page.paper.title')],
                  ['handover-title', t('page.handover.title')],
                ].map(([id, label]) => (
                  <li key={id} className="list-inline-item">
                    {/* At least 24 px high: a target a finger can hit (WCAG 2.5.8). */}
                    <a href={`#${id}`} className="d-inline-block py-1">
                      {label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
          <div className="d-flex gap-2">
            <Link
              route="petitions.show"
              routeParams={{ slug: petition.slug }}
              className="btn btn-outline-secondary"
            >
              {t('page.signatures.back')}
            </Link>
            {/* A plain form POST: the browser saves the streamed file itself. */}
            <form
              method="post"
              action={urlFor('petitions.signatures.download', { guid: petition.guid })}
            >
              <input type="hidden" name="_csrf" value={csrfToken} />
              <Button type="submit" variant="primary" data-testid="signatures-export">
                {t('page.signatures.export')}
              </Button>
            </form>
          </div>
        </div>

        <p className="mb-3" data-testid="signatures-summary">
          {petition.allowOpposite
            ? t('page.signatures.summary_opposite', {
                total: signatures.total,
                counted,
                support: onlineSupportCount,
                oppose: petition.opposeCount,
              })
            : t('page.signatures.summary', { total: signatures.total, counted })}
        </p>
        <PaperSplit petition={petition} className="mb-3" />

        <LazySignaturesChart
          url={urlFor('petitions.signatures.hours', { guid: petition.guid })}
          variant="hours"
          title={t('page.growth.hours_title')}
          className="mb-4"
          testId="recent-hours-section"
        />

        <SignatureSourcesSection sources={sources.sources} days={sources.days} />

        <Flash at="form" />

        {signatures.data.length === 0 ? (
          <Alert variant="info" data-testid="signatures-empty">
            {t('page.signatures.empty')}
          </Alert>
        ) : (
          <SignaturesTable
            petition={petition}
            signatures={signatures.data}
            customFieldsColumns={customFieldsColumns}
          />
        )}
        <Pagination links={signatures.links} />

        <DeliveryTools
          guid={petition.guid}
          target={delivery.target}
          lang={delivery.lang}
          recipients={delivery.recipients}
          csrfToken={csrfToken}
        />

        <PaperBatches guid={petition.guid} batches={paperBatches} canRecord={canRecordOffline} />
        <HandoversForm
          guid={petition.guid}
          handovers={handovers}
          canRecord={canRecordOffline}
          recipients={delivery.recipients}
        />
      </Container>
    </AppLayout>
  )
}
