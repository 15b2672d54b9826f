import { useForm } from '@inertiajs/react'
import { Button, Card, Form } from 'react-bootstrap'
import FormField from '~/components/form_field.tsx'
import PaperBatchStatusBadge from '~/components/petition/offline/paper_batch_status.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import { formatDate } from '~/lib/format_date.ts'
import { urlFor } from '~/client.ts'
import type { Data } from '@generated/data'

/** One batch: what the owner claims, the photo of its sheets, and the decision. */
function PaperBatchCard({ petitionId, batch }: { petitionId: number; batch: Data.PaperBatch }) {
  const { t, locale } = useTranslation()
  const form = useForm<{ decision: 'verify' | 'reject'; reason: string }>({
    decision: 'verify',
    reason: '',
  })
  const decide = (decision: 'verify' | 'reject') => {
    form.transform((data) => ({ ...data, decision }))
    form.post(urlFor('moderation.paper.decide', { id: petitionId, batch: batch.id }), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
    })
  }
  const open = batch.status !== 'rejected'
  return (
    <Card className="mb-3 shadow-sm" data-testid="paper-review">
      <Card.Body>
        <p className="mb-1">
          <strong>
            {t('page.moderation.paper.claim', {
              count: batch.signatures,
              place: batch.place,
              date: formatDate(locale, batch.collectedOn),
            })}
          </strong>{' '}
          <PaperBatchStatusBadge status={batch.status} />
        </p>
        {batch.decidedAt && (
          <p className="small text-muted mb-1">
            {t('page.moderation.paper.decided', {
              name: batch.decidedBy ?? t('page.moderation.command_line'),
              date: formatDate(locale, batch.decidedAt, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }),
            })}
            {batch.decisionReason && ` — ${batch.decisionReason}`}
          </p>
        )}
        {batch.photoUrl && (
          <a
            href={batch.photoUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="d-inline-block mb-2"
          >
            <img
              src={batch.photoUrl}
              alt={t('page.moderation.paper.photo_alt', { place: batch.place })}
              className="img-thumbnail"
              style={{ maxHeight: 240 }}
              loading="lazy"
            />
          </a>
        )}
        {open && (
          <Form onSubmit={(event) => event.preventDefault()} noValidate>
            <FormField
              {...bindText(form, 'reason')}
              id={`paper-reason-${batch.id}`}
              maxLength={1000}
              label={t('page.moderation.paper.reason')}
              hint={t('page.moderation.paper.reason_help')}
            />
            <div className="d-flex flex-wrap gap-2">
              {batch.status === 'pending' && (
                <Button
                  variant="success"
                  onClick={() => decide('verify')}
                  disabled={form.processing}
                  data-testid="paper-verify"
                >
                  {t('page.moderation.paper.verify')}
                </Button>
              )}
              <Button
                variant="outline-danger"
                onClick={() => decide('reject')}
                disabled={form.processing}
                data-testid="paper-reject"
              >
                {t('page.moderation.paper.reject')}
              </Button>
            </div>
          </Form>
        )}
      </Card.Body>
    </Card>
  )
}

/**
 * A petition's paper signatures on its moderation page: each batch with the
 * photo of its sheets; a waiting one is verified (it counts) or rejected
 * with a reason, a verified one can still be rejected (it leaves the counts).
 */
export default function PaperReview({
  petitionId,
  batches,
}: {
  petitionId: number
  batches: Data.PaperBatch[]
}) {
  const { t } = useTranslation()
  return (
    <section className="mb-4" aria-labelledby="paper-review-title">
      <h2 className="h4" id="paper-review-title">
        {t('page.moderation.paper.title')}
      </h2>
      {batches.length === 0 ? (
        <p className="text-muted">{t('page.moderation.paper.empty')}</p>
      ) : (
        batches.map((batch) => (
          <PaperBatchCard key={batch.id} petitionId={petitionId} batch={batch} />
        ))
      )}
    </section>
  )
}
