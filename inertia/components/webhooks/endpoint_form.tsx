import { useForm } from '@inertiajs/react'
import { Alert, Button, Form } from 'react-bootstrap'
import FormField from '~/components/form_field.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import { urlFor } from '~/client.ts'

type EndpointForm = { url: string; events: string[] }

/** The owner adds an endpoint: its address and the events it wants (all of them to start with). */
export default function EndpointForm({
  guid,
  events,
  full,
  maxEndpoints,
}: {
  guid: string
  events: string[]
  /** The petition has as many endpoints as it may. */
  full: boolean
  maxEndpoints: number
}) {
  const { t } = useTranslation()
  const form = useForm<EndpointForm>({ url: '', events: [...events] })
  const errors = form.errors as Record<string, string | undefined>
  const eventsError =
    errors.events ?? Object.entries(errors).find(([key]) => key.startsWith('events.'))?.[1]
  const toggle = (event: string, checked: boolean) =>
    form.setData((data) => ({
      ...data,
      events: checked ? [...data.events, event] : data.events.filter((name) => name !== event),
    }))
  const submit = (submitted: React.FormEvent) => {
    submitted.preventDefault()
    form.post(urlFor('petitions.webhooks.store', { guid }), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
    })
  }

  return (
    <section className="mb-5" aria-labelledby="webhook-form-title">
      <h2 className="h4" id="webhook-form-title">
        {t('webhooks.form.title')}
      </h2>
      {full ? (
        <Alert variant="info" data-testid="webhook-limit">
          {t('webhooks.form.limit_reached', { max: maxEndpoints })}
        </Alert>
      ) : (
        <Form
          onSubmit={submit}
          noValidate
          className="card card-body shadow-sm"
          data-testid="webhook-form"
        >
          <FormField
            {...bindText(form, 'url')}
            id="webhook-url"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://"
            maxLength={2000}
            label={t('webhooks.form.url')}
            hint={t('webhooks.form.url_help')}
          />
          <fieldset
            className="mb-3"
            aria-describedby={eventsError ? 'webhook-events-error' : undefined}
          >
            <legend className="form-label fs-6">{t('webhooks.form.events')}</legend>
            {events.map((event) => (
              <Form.Check
                key={event}
                id={`webhook-event-${event.replace('.', '-')}`}
                name="events"
                value={event}
                label={t(`webhooks.events.${event}`)}
                checked={form.data.events.includes(event)}
                isInvalid={Boolean(eventsError)}
                onChange={(changed) => toggle(event, changed.target.checked)}
              />
            ))}
            {eventsError && (
              <div
                className="invalid-feedback d-block"
                id="webhook-events-error"
                data-error-for="events"
              >
                {eventsError}
              </div>
            )}
          </fieldset>
          <div>
            <Button type="submit" variant="primary" disabled={form.processing}>
              {t('webhooks.form.submit')}
            </Button>
          </div>
        </Form>
      )}
    </section>
  )
}
