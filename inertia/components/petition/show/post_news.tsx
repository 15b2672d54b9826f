import { useState } from 'react'
import { Button, Form } from 'react-bootstrap'
import Modal from '~/components/lazy_modal.tsx'
import { useForm } from '@inertiajs/react'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'
import { bindText } from '~/lib/bind_text.ts'
import { browserTimeZone, localDay } from '~/lib/time_zone.ts'
import FormField from '~/components/form_field.tsx'
import DayField from '~/components/day_field.tsx'
import { LIMITS } from '@app/shared/petitions/constants.ts'

/**
 * The owner's (or a moderator's) "Post an update" where the news are: a
 * short form (title, day, text) that posts one news item without the whole
 * edit form. What was typed stays when the server refuses it.
 */
export default function PostNews({ guid }: { guid: string }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [today] = useState(() => localDay())
  // The day is checked in the author's calendar, so their zone goes with it.
  const form = useForm({
    title: '',
    createdAt: today,
    description: '',
    timeZone: browserTimeZone(),
  })

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.post(urlFor('petitions.updates.store', { guid }), {
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
        variant="outline-primary"
        className="mt-3"
        onClick={() => setOpen(true)}
        data-testid="post-update"
      >
        {t('page.news.post')}
      </Button>
      <Modal show={open} onHide={() => setOpen(false)} aria-labelledby="post-update-title">
        <Form onSubmit={submit} noValidate data-testid="update-form">
          <Modal.Header closeButton closeLabel={t('page.news.cancel')}>
            <Modal.Title id="post-update-title" as="h2" className="h5">
              {t('page.news.post_title')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="text-muted small">{t('page.news.intro')}</p>
            <FormField
              {...bindText(form, 'title')}
              id="update-title"
              maxLength={LIMITS.updateTitle}
              label={t('page.news.title')}
            />
            <DayField
              id="update-created-at"
              name="createdAt"
              label={t('page.news.day')}
              value={form.data.createdAt}
              // The day is checked in the zone the browser gave: a zone the server does not know shows here.
              error={form.errors.createdAt ?? form.errors.timeZone}
              max={today}
              onChange={(value) => form.setData('createdAt', value ?? '')}
            />
            <FormField
              {...bindText(form, 'description')}
              id="update-description"
              as="textarea"
              rows={3}
              maxLength={LIMITS.updateDescription}
              label={t('page.news.text')}
              hint={t('page.news.text_hint', { max: LIMITS.updateDescription })}
            />
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={() => setOpen(false)}>
              {t('page.news.cancel')}
            </Button>
            <Button type="submit" variant="primary" disabled={form.processing}>
              {t('page.news.publish')}
            </Button>
          </Modal.Footer>
        </Form>
      </Modal>
    </>
  )
}
