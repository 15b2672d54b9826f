import type { FormEvent } from 'react'
import { Button, Form } from 'react-bootstrap'
import Modal from '~/components/lazy_modal.tsx'
import { useForm } from '@inertiajs/react'
import FormField from '~/components/form_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'

/**
 * A moderator's act that needs a reason for the audit trail, confirmed in a
 * dialog that says what it does: the reason's field, the server's error
 * under it, and the act sent to `url` (a POST, or a DELETE).
 */
export default function ReasonDialog({
  id,
  url,
  method = 'post',
  title,
  intro,
  reasonLabel,
  confirm,
  onClose,
}: {
  /** Unique on the page: the dialog's ids and test id derive from it. */
  id: string
  /** Where the act goes; null: the dialog is closed. */
  url: string | null
  method?: 'post' | 'delete'
  title: string
  intro: string
  reasonLabel: string
  confirm: string
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
    if (url === null) return
    form.submit(method, url, {
      preserveScroll: true,
      onSuccess: () => {
        form.reset()
        onClose()
      },
    })
  }
  return (
    <Modal show={url !== null} onHide={close} aria-labelledby={`${id}-title`}>
      <Form onSubmit={submit} noValidate data-testid={`${id}-form`}>
        <Modal.Header closeButton closeLabel={t('common.cancel')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small">{intro}</p>
          <FormField
            {...bindText(form, 'reason')}
            id={`${id}-reason`}
            as="textarea"
            rows={2}
            maxLength={1000}
            label={reasonLabel}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={form.processing}>
            {confirm}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  )
}
