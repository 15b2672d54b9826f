import { useState } from 'react'
import { router } from '@inertiajs/react'
import { Button, Form, Table } from 'react-bootstrap'
import FormField from '~/components/form_field.tsx'
import DayField from '~/components/day_field.tsx'
import PhotoField from '~/components/petition/offline/photo_field.tsx'
import { usePhotoForm } from '~/components/petition/offline/use_photo_form.ts'
import PaperBatchStatusBadge from '~/components/petition/offline/paper_batch_status.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import { formatDate } from '~/lib/format_date.ts'
import { askToConfirm } from '~/lib/confirm.ts'
import { browserTimeZone, localDay } from '~/lib/time_zone.ts'
import { urlFor } from '~/client.ts'
import { MAX_PAPER_BATCH_SIGNATURES } from '@app/shared/petitions/paper.ts'
import type { Data } from '@generated/data'

type PaperForm = {
  signatures: string
  place: string
  collectedOn: string
  photo: File | null
  timeZone: string | undefined
}

/**
 * The owner's paper signatures: the form that records a batch (how many,
 * where, when, the photo of its sheets) and every batch with its status.
 * A batch counts once a moderator verified it; one still waiting can be
 * taken back.
 */
export default function PaperBatches({
  guid,
  batches,
  canRecord,
}: {
  guid: string
  batches: Data.PaperBatch[]
  canRecord: boolean
}) {
  const { t, locale } = useTranslation()
  const [today] = useState(() => localDay())
  const { form, submit, inputKey } = usePhotoForm<PaperForm>(
    urlFor('petitions.paper.store', { guid }),
    {
      signatures: '',
      place: '',
      collectedOn: today,
      photo: null,
      timeZone: browserTimeZone(),
    }
  )
  const withdraw = async (batch: Data.PaperBatch) => {
    const confirmed = await askToConfirm({
      title: t('page.paper.withdraw_title'),
      text: t('page.paper.withdraw_text', { count: batch.signatures }),
      confirm: t('page.paper.withdraw'),
      cancel: t('common.cancel'),
    })
    if (confirmed) {
      router.delete(urlFor('petitions.paper.destroy', { guid, id: batch.id }), {
        preserveScroll: true,
      })
    }
  }

  return (
    <section className="mb-4" aria-labelledby="paper-title" data-testid="paper-batches">
      <h2 className="h4" id="paper-title">
        {t('page.paper.title')}
      </h2>
      <p className="text-muted">{t('page.paper.intro')}</p>
      {canRecord && (
        <Form
          onSubmit={submit}
          noValidate
          className="card card-body shadow-sm mb-3"
          data-testid="paper-form"
        >
          <h3 className="h6">{t('page.paper.form_title')}</h3>
          <div className="row g-3">
            <div className="col-sm-4">
              <FormField
                {...bindText(form, 'signatures')}
                id="paper-signatures"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_PAPER_BATCH_SIGNATURES}
                label={t('page.paper.signatures')}
              />
            </div>
            <div className="col-sm-8">
              <FormField
                {...bindText(form, 'place')}
                id="paper-place"
                maxLength={200}
                label={t('page.paper.place')}
                hint={t('page.paper.place_help')}
              />
            </div>
          </div>
          <DayField
            id="paper-collected-on"
            name="collectedOn"
            label={t('page.paper.collected_on')}
            value={form.data.collectedOn}
            error={form.errors.collectedOn ?? form.errors.timeZone}
            max={today}
            onChange={(value) => form.setData('collectedOn', value ?? '')}
          />
          <PhotoField
            id="paper-photo"
            label={t('page.paper.photo')}
            hint={t('page.paper.photo_help')}
            error={form.errors.photo}
            required
            inputKey={inputKey}
            onChange={(file) => form.setData('photo', file)}
          />
          <div>
            <Button type="submit" variant="primary" disabled={form.processing}>
              {t('page.paper.submit')}
            </Button>
          </div>
        </Form>
      )}
      {batches.length === 0 ? (
        <p data-testid="paper-empty">{t('page.paper.empty')}</p>
      ) : (
        <Table responsive size="sm" className="align-middle">
          <caption className="visually-hidden">{t('page.paper.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('page.paper.col.collected_on')}</th>
              <th scope="col">{t('page.paper.col.place')}</th>
              <th scope="col" className="text-end">
                {t('page.paper.col.signatures')}
              </th>
              <th scope="col">{t('page.paper.col.status')}</th>
              <th scope="col">{t('page.paper.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {batches.map((batch) => (
              <tr key={batch.id} data-testid="paper-batch">
                <td>{formatDate(locale, batch.collectedOn, { dateStyle: 'medium' })}</td>
                <td>{batch.place}</td>
                <td className="text-end">{batch.signatures.toLocaleString(locale)}</td>
                <td>
                  <PaperBatchStatusBadge status={batch.status} />
                  {batch.decisionReason && (
                    <div className="small text-muted">
                      {t('page.paper.reason', { reason: batch.decisionReason })}
                    </div>
                  )}
                </td>
                <td className="d-flex flex-wrap gap-2">
                  {batch.photoUrl && (
                    <a href={batch.photoUrl} target="_blank" rel="noopener noreferrer">
                      {t('page.paper.view_photo')}
                    </a>
                  )}
                  {canRecord && batch.status === 'pending' && (
                    <Button
                      variant="outline-danger"
                      size="sm"
                      onClick={() => withdraw(batch)}
                      data-testid="paper-withdraw"
                    >
                      {t('page.paper.withdraw')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  )
}
