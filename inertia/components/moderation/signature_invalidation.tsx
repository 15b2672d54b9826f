import { useEffect, useRef } from 'react'
import { router, useForm } from '@inertiajs/react'
import { Button, Form } from 'react-bootstrap'
import FormField from '~/components/form_field.tsx'
import InvalidationList from '~/components/moderation/invalidation_list.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import { browserTimeZone } from '~/lib/time_zone.ts'
import { urlFor } from '~/client.ts'
import type {
  InvalidationCount,
  InvalidationFilterFields,
} from '@app/shared/fraud/invalidation_filter.ts'
import type { Data } from '@generated/data'

/** The query string of a count: the criteria given, in the moderator's zone. */
function countQuery(filter: InvalidationFilterFields) {
  return {
    count: '1',
    ...(filter.network.trim() && { network: filter.network.trim() }),
    ...(filter.domain.trim() && { domain: filter.domain.trim() }),
    ...(filter.from && { from: filter.from }),
    ...(filter.to && { to: filter.to }),
    ...(filter.unconfirmed && { unconfirmed: '1' }),
    ...((filter.from || filter.to) && { timeZone: browserTimeZone() ?? 'UTC' }),
  }
}

function sameFilter(left: InvalidationFilterFields, right: InvalidationFilterFields) {
  return (
    left.network.trim() === right.network.trim() &&
    left.domain.trim() === right.domain.trim() &&
    left.from === right.from &&
    left.to === right.to &&
    left.unconfirmed === right.unconfirmed
  )
}

/**
 * A bulk invalidation of a petition's signatures, in three steps: the
 * filter (network hash, e-mail domain, signing times, unconfirmed only),
 * its count ("123 signatures, 100 of them counted"), then a reason and the
 * confirmation that states the count. Below, the petition's invalidations
 * with their undo. The count is a partial reload of the page with the
 * filter in the query string, so a link (`?network=…`) lands counted.
 */
export default function SignatureInvalidation({
  petitionId,
  invalidation,
  invalidations,
}: {
  petitionId: number
  invalidation: InvalidationCount
  invalidations: Data.SignatureInvalidation[]
}) {
  const { t } = useTranslation()
  const form = useForm({ ...invalidation.filter, reason: '', timeZone: '', upToId: 0 })
  const result = useRef<HTMLParagraphElement>(null)
  const { count } = invalidation
  // The count shown is the current filter's: changing a field asks for a new one.
  const counted = count !== null && sameFilter(invalidation.filter, form.data) ? count : null
  const errorOf = (field: string) =>
    (form.errors as Record<string, string | undefined>)[field] ?? invalidation.errors[field]

  useEffect(() => {
    if (count) result.current?.focus()
  }, [count])

  const countSignatures = (event: React.FormEvent) => {
    event.preventDefault()
    form.clearErrors()
    router.get(urlFor('moderation.petition', { id: petitionId }), countQuery(form.data), {
      only: ['invalidation'],
      preserveState: true,
      preserveScroll: true,
      replace: true,
    })
  }
  const invalidate = (event: React.FormEvent) => {
    event.preventDefault()
    if (!counted) return
    form.transform((data) => ({
      ...data,
      timeZone: browserTimeZone() ?? 'UTC',
      upToId: counted.upToId,
    }))
    form.post(urlFor('moderation.invalidations.store', { id: petitionId }), {
      preserveScroll: true,
    })
  }
  const criteriaError = errorOf('criteria')

  return (
    <section className="mb-4" aria-labelledby="invalidation-title" data-testid="invalidation">
      <h2 className="h4" id="invalidation-title">
        {t('page.moderation.invalidation.title')}
      </h2>
      <p className="small text-muted">{t('page.moderation.invalidation.intro')}</p>
      {/* On white: the errors' red reads at 4.5:1 there, not on the page's grey. */}
      <div className="card card-body mb-3">
        <Form onSubmit={countSignatures} noValidate data-testid="invalidation-filter">
          <fieldset aria-describedby={criteriaError ? 'invalidation-criteria-error' : undefined}>
            <legend className="h6">{t('page.moderation.invalidation.criteria')}</legend>
            <div className="row g-3">
              <div className="col-md-6">
                <FormField
                  {...bindText(form, 'network')}
                  error={errorOf('network')}
                  id="invalidation-network"
                  label={t('page.moderation.invalidation.network')}
                  hint={t('page.moderation.invalidation.network_help')}
                  autoComplete="off"
                  spellCheck={false}
                />
              </div>
              <div className="col-md-6">
                <FormField
                  {...bindText(form, 'domain')}
                  error={errorOf('domain')}
                  id="invalidation-domain"
                  label={t('page.moderation.invalidation.domain')}
                  hint={t('page.moderation.invalidation.domain_help')}
                  autoComplete="off"
                  spellCheck={false}
                />
              </div>
              <div className="col-md-6">
                <FormField
                  {...bindText(form, 'from')}
                  error={errorOf('from')}
                  id="invalidation-from"
                  type="datetime-local"
                  label={t('page.moderation.invalidation.from')}
                  hint={t('page.moderation.invalidation.times_help')}
                />
              </div>
              <div className="col-md-6">
                <FormField
                  {...bindText(form, 'to')}
                  error={errorOf('to')}
                  id="invalidation-to"
                  type="datetime-local"
                  label={t('page.moderation.invalidation.to')}
                  hint={t('page.moderation.invalidation.times_help')}
                />
              </div>
            </div>
            <Form.Check
              type="checkbox"
              id="invalidation-unconfirmed"
              name="unconfirmed"
              className="mb-3"
              label={t('page.moderation.invalidation.unconfirmed')}
              checked={form.data.unconfirmed}
              onChange={(event) => form.setData('unconfirmed', event.target.checked)}
            />
            {criteriaError && (
              <div
                className="invalid-feedback d-block mb-3"
                id="invalidation-criteria-error"
                data-error-for="criteria"
              >
                {criteriaError}
              </div>
            )}
          </fieldset>
          <Button type="submit" variant="outline-primary" data-testid="invalidation-count">
            {t('page.moderation.invalidation.count')}
          </Button>
        </Form>

        <div role="status" className="mt-3">
          {counted && (
            <p ref={result} tabIndex={-1} className="fw-semibold" data-testid="invalidation-result">
              {t('page.moderation.invalidation.counts', {
                signatures: counted.signatures,
                counted: counted.counted,
              })}
            </p>
          )}
        </div>

        {counted && counted.signatures > 0 && (
          <Form onSubmit={invalidate} noValidate data-testid="invalidation-confirm">
            <FormField
              {...bindText(form, 'reason')}
              id="invalidation-reason"
              as="textarea"
              rows={2}
              maxLength={1000}
              label={t('page.moderation.invalidation.reason')}
              hint={t('page.moderation.invalidation.reason_help')}
            />
            {errorOf('upToId') && (
              <div className="invalid-feedback d-block mb-3" data-error-for="upToId">
                {errorOf('upToId')}
              </div>
            )}
            <Button
              type="submit"
              variant="danger"
              disabled={form.processing}
              data-testid="invalidation-submit"
            >
              {t('page.moderation.invalidation.confirm', { count: counted.signatures })}
            </Button>
          </Form>
        )}
      </div>

      <InvalidationList petitionId={petitionId} invalidations={invalidations} />
    </section>
  )
}
