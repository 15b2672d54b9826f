import { useForm } from '@inertiajs/react'
import { Button, Form } from 'react-bootstrap'
import FormField from '~/components/form_field.tsx'
import RelativeTime from '~/components/moderation/relative_time.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import { formatDate } from '~/lib/format_date.ts'
import { urlFor } from '~/client.ts'
import {
  BLOCKED_RULES,
  PAUSE_DURATIONS,
  type BlockedRule,
  type PauseDuration,
} from '@app/shared/fraud/signing_rules.ts'

export type PetitionRules = {
  paused: boolean
  pausedAt: string | null
  /** Null while paused: until a moderator lifts it. */
  pausedUntil: string | null
  stopped: Record<BlockedRule, number>
}

/**
 * A petition's signing rules on its moderation page: whether its signing is
 * paused (signatures answered as usual, never counted) with the buttons to
 * pause or resume, and how many of its signatures each rule stopped.
 */
export default function SigningPause({
  petitionId,
  rules,
}: {
  petitionId: number
  rules: PetitionRules
}) {
  const { t, locale } = useTranslation()
  const form = useForm<{ duration: PauseDuration; reason: string }>({
    duration: '1h',
    reason: '',
  })
  const url = urlFor('moderation.signing_pause.store', { id: petitionId })
  const pause = (duration: PauseDuration) => {
    form.transform((data) => ({ ...data, duration }))
    form.post(url, { preserveScroll: true, onSuccess: () => form.reset() })
  }
  const resume = () =>
    form.delete(urlFor('moderation.signing_pause.destroy', { id: petitionId }), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
    })
  return (
    <section className="mb-4" aria-labelledby="signing-rules-title">
      <h2 className="h4" id="signing-rules-title">
        {t('page.moderation.rules.pause.title')}
      </h2>
      <p data-testid="pause-status" role="status">
        {rules.paused && rules.pausedAt ? (
          rules.pausedUntil ? (
            <>
              {t('page.moderation.rules.pause.paused_until')}{' '}
              <RelativeTime iso={rules.pausedUntil} locale={locale} />
            </>
          ) : (
            t('page.moderation.rules.pause.paused_until_lifted', {
              date: formatDate(locale, rules.pausedAt, { dateStyle: 'medium', timeStyle: 'short' }),
            })
          )
        ) : (
          t('page.moderation.rules.pause.not_paused')
        )}
      </p>
      <Form
        onSubmit={(event) => event.preventDefault()}
        noValidate
        className="card card-body shadow-sm mb-3"
      >
        <FormField
          {...bindText(form, 'reason')}
          id="pause-reason"
          label={t('page.moderation.rules.reason')}
        />
        {form.errors.duration && (
          <p className="text-danger small" data-error-for="duration">
            {form.errors.duration}
          </p>
        )}
        <div className="d-flex flex-wrap gap-2">
          {PAUSE_DURATIONS.map((duration) => (
            <Button
              key={duration}
              variant="outline-danger"
              disabled={form.processing}
              onClick={() => pause(duration)}
              data-testid={`pause-${duration}`}
            >
              {t(`page.moderation.rules.pause.for_${duration}`)}
            </Button>
          ))}
          {rules.paused && (
            <Button
              variant="success"
              disabled={form.processing}
              onClick={resume}
              data-testid="resume-signing"
            >
              {t('page.moderation.rules.pause.resume')}
            </Button>
          )}
        </div>
      </Form>
      <h3 className="h6">{t('page.moderation.rules.stopped.title')}</h3>
      <ul className="list-unstyled" data-testid="stopped-by-rules">
        {BLOCKED_RULES.map((rule) => (
          <li key={rule}>
            {t(`page.moderation.rules.stopped.${rule}`, {
              count: rules.stopped[rule],
              formatted: new Intl.NumberFormat(locale).format(rules.stopped[rule]),
            })}
          </li>
        ))}
      </ul>
    </section>
  )
}
