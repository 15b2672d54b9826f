import { useForm } from '@inertiajs/react'
import { Button, Form, InputGroup } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

/** The footer's newsletter form; its errors live in their own bag. */
export default function SubscriptionForm() {
  const { t } = useTranslation()
  const form = useForm({ email: '' })

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.post(urlFor('subscription.store'), {
      preserveScroll: true,
      errorBag: 'subscription',
      onSuccess: () => form.reset(),
    })
  }

  return (
    <Form onSubmit={submit} noValidate data-testid="subscription-form">
      <InputGroup hasValidation>
        <Form.Control
          type="email"
          name="email"
          value={form.data.email}
          onChange={(event) => form.setData('email', event.target.value)}
          placeholder={t('common.footer.newsletter_placeholder')}
          aria-label={t('common.footer.newsletter_placeholder')}
          isInvalid={Boolean(form.errors.email)}
        />
        <Button type="submit" variant="primary" disabled={form.processing}>
          {t('common.footer.newsletter_button')}
        </Button>
        {form.errors.email && (
          <Form.Control.Feedback type="invalid" data-error-for="subscription.email">
            {form.errors.email}
          </Form.Control.Feedback>
        )}
      </InputGroup>
    </Form>
  )
}
