import { useForm } from '@inertiajs/react'
import { Button, Form } from 'react-bootstrap'
import FormField from '~/components/form_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'

type Decision = 'approve' | 'refuse'

/**
 * A moderator's decision on a decision maker's address, for the whole site:
 * the buttons offered (approve, refuse or revoke) and a reason, required to
 * refuse, which the petition's owner is shown.
 */
export default function AddressDecision({
  url,
  id,
  offers,
  refuseLabel,
}: {
  url: string
  /** Unique on the page: the fields' ids. */
  id: string
  offers: Decision[]
  refuseLabel: string
}) {
  const { t } = useTranslation()
  const form = useForm<{ decision: Decision; reason: string }>({ decision: 'approve', reason: '' })
  const decide = (decision: Decision) => {
    form.transform((data) => ({ ...data, decision }))
    form.post(url, { preserveScroll: true, onSuccess: () => form.reset() })
  }
  return (
    <Form onSubmit={(event) => event.preventDefault()} noValidate>
      <FormField
        {...bindText(form, 'reason')}
        id={`reason-${id}`}
        maxLength={1000}
        label={t('page.moderation.decision_makers.reason')}
        hint={t('page.moderation.decision_makers.reason_help')}
      />
      <div className="d-flex flex-wrap gap-2">
        {offers.includes('approve') && (
          <Button
            variant="success"
            disabled={form.processing}
            onClick={() => decide('approve')}
            data-testid="approve-address"
          >
            {t('page.moderation.decision_makers.approve')}
          </Button>
        )}
        {offers.includes('refuse') && (
          <Button
            variant="outline-danger"
            disabled={form.processing}
            onClick={() => decide('refuse')}
            data-testid="refuse-address"
          >
            {refuseLabel}
          </Button>
        )}
      </div>
    </Form>
  )
}
