import { useState } from 'react'
import { router } from '@inertiajs/react'
import { Button, Form, ListGroup } from 'react-bootstrap'
import FormField from '~/components/form_field.tsx'
import DayField from '~/components/day_field.tsx'
import PhotoField from '~/components/petition/offline/photo_field.tsx'
import { usePhotoForm } from '~/components/petition/offline/use_photo_form.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import { formatDate } from '~/lib/format_date.ts'
import { askToConfirm } from '~/lib/confirm.ts'
import { browserTimeZone, localDay } from '~/lib/time_zone.ts'
import { urlFor } from '~/client.ts'
import type { Data } from '@generated/data'
import type { DeliveryRecipientOption } from '~/components/petition/delivery_tools.tsx'

type HandoverForm = {
  recipient: string
  /** The recipient of its letters it was handed to ('' for someone else). */
  letterRecipientId: string
  handedOverOn: string
  place: string
  photo: File | null
  timeZone: string | undefined
}

/**
 * The owner records that the petition was handed over (to whom, when,
 * where, a photo if they have one): the page shows it, and its signers who
 * asked for news get it in their next mail. Handed to one of its letters'
 * recipients, that recipient counts as told on the petition's page.
 */
export default function HandoversForm({
  guid,
  handovers,
  canRecord,
  recipients,
}: {
  guid: string
  handovers: Data.Handover[]
  canRecord: boolean
  recipients: DeliveryRecipientOption[]
}) {
  const { t, locale } = useTranslation()
  const [today] = useState(() => localDay())
  const { form, submit, inputKey } = usePhotoForm<HandoverForm>(
    urlFor('petitions.handovers.store', { guid }),
    {
      recipient: '',
      letterRecipientId: '',
      handedOverOn: today,
      place: '',
      photo: null,
      timeZone: browserTimeZone(),
    }
  )
  const remove = async (handover: Data.Handover) => {
    const confirmed = await askToConfirm({
      title: t('page.handover.remove_title'),
      text: t('page.handover.remove_text', { recipient: handover.recipient }),
      confirm: t('page.handover.remove'),
      cancel: t('common.cancel'),
    })
    if (confirmed) {
      router.delete(urlFor('petitions.handovers.destroy', { guid, id: handover.id }), {
        preserveScroll: true,
      })
    }
  }

  return (
    <section className="mb-4" aria-labelledby="handover-title" data-testid="handovers">
      <h2 className="h4" id="handover-title">
        {t('page.handover.title')}
      </h2>
      <p className="text-muted">{t('page.handover.intro')}</p>
      {handovers.length > 0 && (
        <ListGroup className="mb-3">
          {handovers.map((handover) => (
            <ListGroup.Item
              key={handover.id}
              className="d-flex flex-wrap justify-content-between gap-2"
              data-testid="handover"
            >
              <span>
                {t('page.handover.item', {
                  recipient: handover.recipient,
                  date: formatDate(locale, handover.handedOverOn),
                  place: handover.place,
                })}
              </span>
              {canRecord && (
                <Button variant="outline-danger" size="sm" onClick={() => remove(handover)}>
                  {t('page.handover.remove')}
                </Button>
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {canRecord && (
        <Form
          onSubmit={submit}
          noValidate
          className="card card-body shadow-sm"
          data-testid="handover-form"
        >
          <h3 className="h6">{t('page.handover.form_title')}</h3>
          {recipients.length > 0 && (
            <Form.Group className="mb-3" controlId="handover-letter-recipient">
              <Form.Label>{t('page.handover.letter_recipient')}</Form.Label>
              <Form.Select
                name="letterRecipientId"
                value={form.data.letterRecipientId}
                isInvalid={Boolean(form.errors.letterRecipientId)}
                aria-describedby="handover-letter-recipient-hint"
                onChange={(event) => {
                  const chosen = recipients.find(({ id }) => String(id) === event.target.value)
                  form.setData((data) => ({
                    ...data,
                    letterRecipientId: event.target.value,
                    // Their name, unless the owner already wrote whom.
                    recipient: chosen && !data.recipient ? chosen.name : data.recipient,
                  }))
                }}
              >
                <option value="">{t('page.handover.someone_else')}</option>
                {recipients.map((recipient) => (
                  <option key={recipient.id} value={recipient.id}>
                    {recipient.designation
                      ? `${recipient.name} · ${recipient.designation}`
                      : recipient.name}
                  </option>
                ))}
              </Form.Select>
              {form.errors.letterRecipientId && (
                <Form.Control.Feedback type="invalid" data-error-for="letterRecipientId">
                  {form.errors.letterRecipientId}
                </Form.Control.Feedback>
              )}
              <Form.Text id="handover-letter-recipient-hint" muted>
                {t('page.handover.letter_recipient_help')}
              </Form.Text>
            </Form.Group>
          )}
          <FormField
            {...bindText(form, 'recipient')}
            id="handover-recipient"
            maxLength={200}
            label={t('page.handover.recipient')}
            hint={t('page.handover.recipient_help')}
          />
          <DayField
            id="handover-on"
            name="handedOverOn"
            label={t('page.handover.handed_over_on')}
            value={form.data.handedOverOn}
            error={form.errors.handedOverOn ?? form.errors.timeZone}
            max={today}
            onChange={(value) => form.setData('handedOverOn', value ?? '')}
          />
          <FormField
            {...bindText(form, 'place')}
            id="handover-place"
            maxLength={200}
            label={t('page.handover.place')}
          />
          <PhotoField
            id="handover-photo"
            label={t('page.handover.photo')}
            hint={t('page.handover.photo_help')}
            error={form.errors.photo}
            inputKey={inputKey}
            onChange={(file) => form.setData('photo', file)}
          />
          <div>
            <Button type="submit" variant="primary" disabled={form.processing}>
              {t('page.handover.submit')}
            </Button>
          </div>
        </Form>
      )}
    </section>
  )
}
