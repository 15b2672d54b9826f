import { Button, Form, Modal } from 'react-bootstrap'
import { useForm } from '@inertiajs/react'
import FormField from '~/components/form_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import { urlFor } from '~/client.ts'
import { HIDE_REASONS } from '@app/shared/moderation.ts'

/**
 * Hiding a petition, confirmed in a dialog: a reason from the list (what
 * the public and the owner are told) and a note for the moderation log;
 * the server's errors under each field.
 */
export default function HideDialog({
  petition,
  show,
  onClose,
}: {
  petition: { id: number; title: string }
  show: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const form = useForm({ reason: '', note: '' })
  const titleId = `hide-title-${petition.id}`
  const errorId = `hide-reason-error-${petition.id}`
  const close = () => {
    form.clearErrors()
    onClose()
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.post(urlFor('moderation.act', { id: petition.id, action: 'hide' }), {
      preserveScroll: true,
      onSuccess: () => {
        form.reset()
        onClose()
      },
    })
  }
  return (
    <Modal show={show} onHide={close} aria-labelledby={titleId}>
      <Form onSubmit={submit} noValidate data-testid="hide-form">
        <Modal.Header closeButton closeLabel={t('common.cancel')}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {t('page.moderation.hide.title', { title: petition.title })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-muted">{t('page.moderation.hide.intro')}</p>
          <fieldset className="mb-3" aria-describedby={form.errors.reason ? errorId : undefined}>
            <legend className="form-label fs-6">{t('page.moderation.hide.reason')}</legend>
            {HIDE_REASONS.map((reason) => (
              <Form.Check
                key={reason}
                type="radio"
                id={`hide-reason-${petition.id}-${reason}`}
                name="reason"
                value={reason}
                label={t(`common.hide_reasons.${reason}`)}
                checked={form.data.reason === reason}
                isInvalid={Boolean(form.errors.reason)}
                onChange={() => form.setData('reason', reason)}
              />
            ))}
            {form.errors.reason && (
              <div className="invalid-feedback d-block" id={errorId} data-error-for="reason">
                {form.errors.reason}
              </div>
            )}
          </fieldset>
          <FormField
            {...bindText(form, 'note')}
            id={`hide-note-${petition.id}`}
            as="textarea"
            rows={2}
            maxLength={1000}
            label={t('page.moderation.hide.note')}
            hint={t('page.moderation.hide.note_help')}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={form.processing}>
            {t('page.moderation.hide.confirm')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  )
}
