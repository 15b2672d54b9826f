import { useRef, useState, useSyncExternalStore } from 'react'
import { Button, Form } from 'react-bootstrap'
import Modal from '~/components/lazy_modal.tsx'
import { useForm } from '@inertiajs/react'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'
import { useSharedProps } from '~/lib/shared.ts'
import FormField from '~/components/form_field.tsx'
import Turnstile, { type TurnstileHandle } from '~/components/turnstile.tsx'
import { bindText } from '~/lib/bind_text.ts'

/** Whether the page's address ends in #report, followed as it changes. */
const atReportAnchor = () => window.location.hash === '#report'
function onHashChange(changed: () => void) {
  window.addEventListener('hashchange', changed)
  return () => window.removeEventListener('hashchange', changed)
}

/** The reasons the server accepts, in the order the form offers them. */
const REASONS = ['spam', 'hate', 'misleading', 'personal_data', 'other'] as const

/**
 * "Report this petition": a dialog with the reason, an optional note and,
 * for guests, the bot check. The moderators get it; the author never
 * learns who sent it. The page's address ending in #report opens it.
 */
export default function ReportPetition({
  guid,
  turnstileKey,
}: {
  guid: string
  turnstileKey: string | null
}) {
  const { t } = useTranslation()
  const { user } = useSharedProps()
  const [opened, setOpen] = useState(false)
  // The "Report abuse" link of a decision maker's mail lands on #report: the form opens.
  const askedByLink = useSyncExternalStore(onHashChange, atReportAnchor, () => false)
  const [dismissed, setDismissed] = useState(false)
  const open = opened || (askedByLink && !dismissed)
  const close = () => {
    setOpen(false)
    setDismissed(true)
  }
  const turnstile = useRef<TurnstileHandle>(null)
  const form = useForm({ reason: '', note: '', cfTurnstileResponse: '' })

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.post(urlFor('petitions.report', { guid }), {
      preserveScroll: true,
      onSuccess: () => {
        form.reset()
        close()
      },
      onFinish: () => turnstile.current?.reset(),
    })
  }

  return (
    <div className="mt-4 text-end">
      <Button
        variant="link"
        size="sm"
        className="text-muted"
        onClick={() => setOpen(true)}
        data-testid="report-petition"
      >
        {t('page.report.link')}
      </Button>
      <Modal show={open} onHide={close} aria-labelledby="report-petition-title">
        <Form onSubmit={submit} noValidate data-testid="report-form">
          <Modal.Header closeButton closeLabel={t('page.report.cancel')}>
            <Modal.Title id="report-petition-title" as="h2" className="h5">
              {t('page.report.title')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="text-muted small">{t('page.report.intro')}</p>
            <fieldset
              className="mb-3"
              aria-describedby={form.errors.reason ? 'report-reason-error' : undefined}
            >
              <legend className="form-label fs-6">{t('page.report.reason')}</legend>
              {REASONS.map((reason) => (
                <Form.Check
                  key={reason}
                  type="radio"
                  id={`report-reason-${reason}`}
                  name="reason"
                  value={reason}
                  label={t(`page.report.reasons.${reason}`)}
                  checked={form.data.reason === reason}
                  isInvalid={Boolean(form.errors.reason)}
                  onChange={() => form.setData('reason', reason)}
                />
              ))}
              {form.errors.reason && (
                <div
                  className="invalid-feedback d-block"
                  id="report-reason-error"
                  data-error-for="reason"
                >
                  {form.errors.reason}
                </div>
              )}
            </fieldset>
            <FormField
              {...bindText(form, 'note')}
              id="report-note"
              as="textarea"
              rows={3}
              maxLength={2000}
              label={t('page.report.note')}
              hint={t('page.report.note_help')}
            />
            {!user && (
              <Turnstile
                ref={turnstile}
                siteKey={turnstileKey}
                action="report"
                onToken={(token) => form.setData('cfTurnstileResponse', token)}
                error={form.errors.cfTurnstileResponse}
              />
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={close}>
              {t('page.report.cancel')}
            </Button>
            <Button type="submit" variant="danger" disabled={form.processing}>
              {t('page.report.submit')}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </div>
  )
}
