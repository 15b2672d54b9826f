import { lazy, Suspense, useState } from 'react'
import { Badge, Button, Form } from 'react-bootstrap'
import Modal from '~/components/lazy_modal.tsx'
import { router, useForm } from '@inertiajs/react'
import { useTranslation } from '~/i18n/context.tsx'
import type { Data } from '@generated/data'
import { urlFor } from '~/client.ts'
import { formatDate } from '~/lib/format_date.ts'
import { askToConfirm } from '~/lib/confirm.ts'
import { bindText } from '~/lib/bind_text.ts'
import { browserTimeZone, localDay } from '~/lib/time_zone.ts'
import FormField from '~/components/form_field.tsx'
import DayField from '~/components/day_field.tsx'
import ReasonDialog from '~/components/moderation/reason_dialog.tsx'

/**
 * The rich-text editor (TipTap, most of a page's weight) is loaded when an
 * owner or moderator opens the response form, never for a reader.
 */
const DescriptionEditor = lazy(() => import('~/components/petition/description_editor.tsx'))

type Petition = Pick<Data.PetitionShow, 'guid' | 'responses' | 'victoryAt' | 'answersRemoved'>
type Response = Petition['responses'][number]

/** The dialog in which the owner or a moderator adds an official response. */
function AddResponse({ guid }: { guid: string }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  // The dialog's mount: a new editor, empty, each time it opens.
  const [opened, setOpened] = useState(0)
  const [today] = useState(() => localDay())
  // The day is checked in the author's calendar, so their zone goes with it.
  const form = useForm({ responder: '', respondedOn: today, body: '', timeZone: browserTimeZone() })

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.post(urlFor('petitions.responses.store', { guid }), {
      preserveScroll: true,
      onSuccess: () => {
        form.reset()
        setOpen(false)
      },
    })
  }

  return (
    <>
      <Button
        variant="primary"
        onClick={() => {
          setOpened((count) => count + 1)
          setOpen(true)
        }}
        data-testid="add-response"
      >
        {t('page.response.add')}
      </Button>
      <Modal
        show={open}
        onHide={() => setOpen(false)}
        size="lg"
        aria-labelledby="add-response-title"
        // The editor's link prompt and the calendar need the focus outside the dialog's own.
        enforceFocus={false}
      >
        <Form onSubmit={submit} noValidate data-testid="response-form">
          <Modal.Header closeButton closeLabel={t('page.response.cancel')}>
            <Modal.Title id="add-response-title" as="h2" className="h5">
              {t('page.response.add_title')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="text-muted small">{t('page.response.add_intro')}</p>
            <FormField
              {...bindText(form, 'responder')}
              id="response-responder"
              maxLength={200}
              label={t('page.response.responder')}
              hint={t('page.response.responder_help')}
            />
            <DayField
              id="response-responded-on"
              name="respondedOn"
              label={t('page.response.responded_on')}
              value={form.data.respondedOn}
              // The day is checked in the zone the browser gave: a zone the server does not know shows here.
              error={form.errors.respondedOn ?? form.errors.timeZone}
              max={today}
              onChange={(value) => form.setData('respondedOn', value ?? '')}
            />
            <Suspense
              fallback={<p className="text-muted small">{t('page.response.loading_editor')}</p>}
            >
              <DescriptionEditor
                key={opened}
                name="body"
                label={t('page.response.body')}
                value={form.data.body}
                error={form.errors.body}
                onChange={(html) => form.setData('body', html)}
              />
            </Suspense>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={() => setOpen(false)}>
              {t('page.response.cancel')}
            </Button>
            <Button type="submit" variant="primary" disabled={form.processing}>
              {t('page.response.publish')}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  )
}

/** The owner's and moderators' switch: marks the petition a victory, or takes the mark back. */
function VictorySwitch({ guid, victory }: { guid: string; victory: boolean }) {
  const { t } = useTranslation()
  const [sending, setSending] = useState(false)
  return (
    <Button
      variant={victory ? 'outline-secondary' : 'success'}
      disabled={sending}
      onClick={() =>
        router.put(
          urlFor('petitions.victory', { guid }),
          { victory: !victory },
          {
            preserveScroll: true,
            onStart: () => setSending(true),
            onFinish: () => setSending(false),
          }
        )
      }
      data-testid="victory-switch"
    >
      {victory ? t('page.response.unmark_victory') : t('page.response.mark_victory')}
    </Button>
  )
}

/**
 * What the petition achieved: its official responses, oldest first, and,
 * for its owner and moderators, the means to add them and to mark a victory.
 * A decision maker's answer through their link is theirs: its owner cannot
 * remove it, a moderator can, with a reason, and the page says how many
 * moderators removed. Nothing at all for visitors while there is no
 * response and none was removed.
 */
export default function ResponsesSection({
  petition,
  canRespond,
  canRemoveAnswers,
}: {
  petition: Petition
  canRespond: boolean
  canRemoveAnswers: boolean
}) {
  const { t, locale } = useTranslation()
  const [removing, setRemoving] = useState<Response | null>(null)
  const { responses, guid, answersRemoved } = petition
  if (responses.length === 0 && !canRespond && answersRemoved === 0) return null

  const remove = async (response: Response) => {
    if (response.fromRecipient) return setRemoving(response)
    const confirmed = await askToConfirm({
      title: t('page.response.remove_title'),
      text: t('page.response.remove_text', { responder: response.responder }),
      confirm: t('page.response.remove'),
      cancel: t('page.response.cancel'),
    })
    if (confirmed) {
      router.delete(urlFor('petitions.responses.destroy', { guid, id: response.id }), {
        preserveScroll: true,
      })
    }
  }

  return (
    <section
      className="petition-show-section"
      aria-labelledby="responses-title"
      data-testid="responses-section"
    >
      <h2 className="h4 mb-3" id="responses-title">
        {t('page.response.title', { count: responses.length })}
      </h2>
      {responses.length === 0 && (
        <p className="text-muted" data-testid="no-responses">
          {t('page.response.none')}
        </p>
      )}
      {responses.map((response) => (
        <article
          key={response.id}
          id={`response-${response.id}`}
          className="petition-response border-start border-4 border-success ps-3 mb-4"
          data-testid="response-item"
        >
          <h3 className="h6 fw-semibold mb-1">
            {response.responder}
            {response.responderRole && (
              <span className="fw-normal text-body-secondary"> · {response.responderRole}</span>
            )}
          </h3>
          {response.fromRecipient && (
            <p className="mb-1">
              <Badge bg="success" className="text-wrap text-start" data-testid="from-recipient">
                {response.viaDomain
                  ? t('page.response.via_link', { domain: response.viaDomain })
                  : t('page.response.from_recipient')}
              </Badge>
            </p>
          )}
          <p className="small text-muted mb-2">
            {t('page.response.answered_on', { date: formatDate(locale, response.respondedOn) })}
          </p>
          {/* Sanitized on the server with an allow-list. */}
          <div
            className="petition-description"
            dangerouslySetInnerHTML={{ __html: response.body }}
          />
          {(response.fromRecipient ? canRemoveAnswers : canRespond) && (
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={() => remove(response)}
              data-testid="remove-response"
            >
              {t('page.response.remove_named', { responder: response.responder })}
            </Button>
          )}
        </article>
      ))}
      {answersRemoved > 0 && (
        <p className="small text-muted" data-testid="answers-removed">
          {t('page.response.answers_removed', { count: answersRemoved })}
        </p>
      )}
      {/* A moderator removes a decision maker's answer: the reason goes to the audit trail. */}
      <ReasonDialog
        id="remove-answer"
        method="delete"
        url={removing && urlFor('petitions.responses.destroy', { guid, id: removing.id })}
        title={t('page.response.remove_answer_title', { responder: removing?.responder ?? '' })}
        intro={t('page.response.remove_answer_text')}
        reasonLabel={t('page.moderation.reason')}
        confirm={t('page.response.remove')}
        onClose={() => setRemoving(null)}
      />
      {canRespond && (
        <div className="d-flex flex-wrap gap-2">
          <AddResponse guid={guid} />
          <VictorySwitch guid={guid} victory={petition.victoryAt !== null} />
        </div>
      )}
    </section>
  )
}
