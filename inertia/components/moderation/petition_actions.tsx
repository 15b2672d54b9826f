import { useState } from 'react'
import { Button } from 'react-bootstrap'
import HideDialog from '~/components/moderation/hide_dialog.tsx'
import ReasonDialog from '~/components/moderation/reason_dialog.tsx'
import OwnCaseNote from '~/components/moderation/own_case_note.tsx'
import { useTranslation } from '~/i18n/context.tsx'
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
 * A moderator's actions on a petition, each confirmed in its own dialog
 * with one way to give its reason: hiding asks for a reason from the list
 * (and a note); the others for the reason kept in the audit trail. The server sends the moderator back to the page they acted on
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
  // The action whose dialog is open, with its reason's field.
  const [acting, setActing] = useState<Labelled | null>(null)
  return (
    <>
      <div className="d-flex flex-wrap gap-2">
        {!petition.hiddenAt && (
          <Button variant="danger" onClick={() => setHiding(true)} data-testid="hide-petition">
            {t('page.moderation.actions.hide')}
          </Button>
        )}
        {actionsFor(petition).map((labelled) => (
          <Button
            key={labelled.action}
            variant="outline-secondary"
            onClick={() => setActing(labelled)}
            data-testid={`act-${labelled.action}`}
          >
            {t(`page.moderation.${labelled.label}`)}
          </Button>
        ))}
      </div>
      {!petition.hiddenAt && (
        <HideDialog petition={petition} show={hiding} onClose={() => setHiding(false)} />
      )}
      <ReasonDialog
        id={`act-${petition.id}`}
        url={acting && urlFor('moderation.act', { id: petition.id, action: acting.action })}
        title={
          acting
            ? t('page.moderation.act_title', {
                action: t(`page.moderation.${acting.label}`),
                title: petition.title,
              })
            : ''
        }
        intro={t('page.moderation.act_intro')}
        reasonLabel={t('page.moderation.reason')}
        confirm={acting ? t(`page.moderation.${acting.label}`) : ''}
        onClose={() => setActing(null)}
      />
    </>
  )
}
