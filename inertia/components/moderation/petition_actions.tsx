import { useState } from 'react'
import { useForm } from '@inertiajs/react'
import { Button, Form } from 'react-bootstrap'
import FormField from '~/components/form_field.tsx'
import HideDialog from '~/components/moderation/hide_dialog.tsx'
import OwnCaseNote from '~/components/moderation/own_case_note.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import { urlFor } from '~/client.ts'
import type { Data } from '@generated/data'
import type { PetitionAction as Action } from '@app/shared/moderation.ts'

/** The label of an action as it applies to this petition. */
type Labelled = { action: Exclude<Action, 'hide'>; label: string }

/**
 * What applies to a petition now, besides hiding: restore, close or reopen
 * (a moderator's close), and "dismiss" only where there is something to
 * dismiss: its open reports, its alert of unusual signing, its owner's request for a review (kept
 * hidden), or a new petition to mark as reviewed.
 */
function actionsFor(petition: Data.ModeratedPetition): Labelled[] {
  const actions: Labelled[] = []
  if (petition.hiddenAt) actions.push({ action: 'restore', label: 'actions.restore' })
  actions.push(
    petition.moderatorClosedAt
      ? { action: 'reopen', label: 'actions.reopen' }
      : { action: 'close', label: 'actions.close' }
  )
  if (petition.openReports > 0) actions.push({ action: 'dismiss', label: 'actions.dismiss' })
  else if (petition.signingAlert && !petition.hiddenAt)
    actions.push({ action: 'dismiss', label: 'actions.dismiss_alert' })
  else if (petition.queueReason === 'review_requested')
    actions.push({ action: 'dismiss', label: 'actions.keep_hidden' })
  else if (petition.queueReason === 'new')
    actions.push({ action: 'dismiss', label: 'actions.mark_reviewed' })
  return actions
}

/**
 * A moderator's actions on a petition. Hiding opens a dialog asking for the
 * reason of the list; the others ask for the reason kept in the audit
 * trail. The server sends the moderator back to the page they acted on
 * (the queue, or the petition's own page). On their own petition, a note
 * that another moderator decides instead.
 */
export default function PetitionActions({ petition }: { petition: Data.ModeratedPetition }) {
  if (petition.ownPetition) return <OwnCaseNote />
  return <Actions petition={petition} />
}

function Actions({ petition }: { petition: Data.ModeratedPetition }) {
  const { t } = useTranslation()
  const [hiding, setHiding] = useState(false)
  const form = useForm({ reason: '' })
  const act = (action: Action) =>
    form.post(urlFor('moderation.act', { id: petition.id, action }), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
    })
  return (
    <>
      <Form onSubmit={(event) => event.preventDefault()} noValidate>
        <FormField
          {...bindText(form, 'reason')}
          id={`reason-${petition.id}`}
          as="textarea"
          rows={2}
          label={t('page.moderation.reason')}
        />
        <div className="d-flex flex-wrap gap-2">
          {!petition.hiddenAt && (
            <Button variant="danger" onClick={() => setHiding(true)} data-testid="hide-petition">
              {t('page.moderation.actions.hide')}
            </Button>
          )}
          {actionsFor(petition).map(({ action, label }) => (
            <Button
              key={action}
              variant="outline-secondary"
              disabled={form.processing}
              onClick={() => act(action)}
            >
              {t(`page.moderation.${label}`)}
            </Button>
          ))}
        </div>
      </Form>
      {!petition.hiddenAt && (
        <HideDialog petition={petition} show={hiding} onClose={() => setHiding(false)} />
      )}
    </>
  )
}
