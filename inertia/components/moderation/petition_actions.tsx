import { useForm } from '@inertiajs/react'
import { Button, Form } from 'react-bootstrap'
import FormField from '~/components/form_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import { urlFor } from '~/client.ts'
import type { Data } from '@generated/data'
import type { PetitionAction as Action } from '@app/shared/moderation.ts'

/** What applies to a petition now: hide or restore, close or reopen (a moderator's close), dismiss. */
function actionsFor(petition: Data.ModeratedPetition): Action[] {
  return [
    petition.hiddenAt ? 'restore' : 'hide',
    petition.moderatorClosedAt ? 'reopen' : 'close',
    'dismiss',
  ]
}

/**
 * A moderator's actions on a petition, each asking for the reason kept in
 * the audit trail. The server sends the moderator back to the page they
 * acted on (the queue, or the petition's own page).
 */
export default function PetitionActions({ petition }: { petition: Data.ModeratedPetition }) {
  const { t } = useTranslation()
  const form = useForm({ reason: '' })
  const act = (action: Action) =>
    form.post(urlFor('moderation.act', { id: petition.id, action }), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
    })
  return (
    <Form onSubmit={(event) => event.preventDefault()} noValidate>
      <FormField
        {...bindText(form, 'reason')}
        id={`reason-${petition.id}`}
        as="textarea"
        rows={2}
        label={t('page.moderation.reason')}
      />
      <div className="d-flex flex-wrap gap-2">
        {actionsFor(petition).map((action) => (
          <Button
            key={action}
            variant={action === 'hide' ? 'danger' : 'outline-secondary'}
            disabled={form.processing}
            onClick={() => act(action)}
          >
            {t(`page.moderation.actions.${action}`)}
          </Button>
        ))}
      </div>
    </Form>
  )
}
