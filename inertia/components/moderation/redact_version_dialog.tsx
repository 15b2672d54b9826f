import type { FormEvent } from 'react'
import { Button, Form, Modal } from 'react-bootstrap'
import { useForm } from '@inertiajs/react'
import FormField from '~/components/form_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import { urlFor } from '~/client.ts'

/**
 * Redacting an earlier version of a petition's text, confirmed in a dialog
 * that says what it does (for good, in public too) with the reason shown in
 * the text's place; the server's error under the reason.
 */
export default function RedactVersionDialog({
  petitionId,
  versionId,
  onClose,
}: {
  petitionId: number
  /** The version to redact; null: the dialog is closed. */
  versionId: number | null
  onClose: () => void
}) {
  const { t } = useTranslation()
  const form = useForm({ reason: '' })
  const close = () => {
    form.clearErrors()
    onClose()
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (versionId === null) return
    form.post(urlFor('moderation.redact_version', { id: petitionId, version: versionId }), {
      preserveScroll: true,
      onSuccess: () => {
        form.reset()
        onClose()
      },
    })
  }
  return (
    <Modal show={versionId !== null} onHide={close} aria-labelledby="redact-title">
      <Form onSubmit={submit} noValidate data-testid="redact-form">
        <Modal.Header closeButton closeLabel={t('common.cancel')}>
          <Modal.Title id="redact-title" as="h2" className="h5">
            {t('page.moderation.versions.redact_title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small">{t('page.moderation.versions.redact_intro')}</p>
          <FormField
            {...bindText(form, 'reason')}
            id="redact-reason"
            as="textarea"
            rows={2}
            maxLength={1000}
            label={t('page.moderation.versions.redact_reason')}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={form.processing}>
            {t('page.moderation.versions.redact_confirm')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  )
}
