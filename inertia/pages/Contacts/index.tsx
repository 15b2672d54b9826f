import { useRef } from 'react'
import { useForm } from '@inertiajs/react'
import { Button, Card, Col, Container, Form, Row } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import FormField from '~/components/form_field.tsx'
import Flash from '~/components/flash.tsx'
import Turnstile, { type TurnstileHandle } from '~/components/turnstile.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { useSharedProps } from '~/lib/shared.ts'

import { urlFor } from '~/client.ts'
import { bindText } from '~/lib/bind_text.ts'

type ContactsProps = { turnstileKey: string | null; contactEmail: string }

export default function Contacts({ turnstileKey, contactEmail }: ContactsProps) {
  const { t } = useTranslation()
  const { user } = useSharedProps()
  const turnstile = useRef<TurnstileHandle>(null)
  // A member writes as themself: name and e-mail come from the account.
  const memberName = user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : ''
  const form = useForm({
    name: memberName,
    email: user?.email ?? '',
    subject: '',
    message: '',
    cfTurnstileResponse: '',
  })

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.post(urlFor('contacts.store'), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
      onFinish: () => turnstile.current?.reset(),
    })
  }

  return (
    <AppLayout
      title={t('page.contacts.title')}
      description={t('page.contacts.intro')}
      path={urlFor('contacts.show')}
      contactEmail={contactEmail}
    >
      <Container className="page-section">
        <Row className="justify-content-center">
          <Col lg={8}>
            <h1 className="fw-bold">{t('page.contacts.title')}</h1>
            <p className="text-muted">{t('page.contacts.intro')}</p>
            <p>
              <a href={`mailto:${contactEmail}`}>
                {t('page.contacts.email_us', { email: contactEmail })}
              </a>
            </p>
            <Flash at="form" />
            <Card className="shadow-sm">
              <Card.Body className="p-4">
                <Form onSubmit={submit} noValidate data-testid="contact-form">
                  <Row>
                    <Col md={6}>
                      <FormField
                        {...bindText(form, 'name')}
                        label={t('page.contacts.name')}
                        readOnly={Boolean(user)}
                        autoComplete="name"
                      />
                    </Col>
                    <Col md={6}>
                      <FormField
                        {...bindText(form, 'email')}
                        type="email"
                        label={t('page.contacts.email')}
                        readOnly={Boolean(user)}
                        autoComplete="email"
                      />
                    </Col>
                  </Row>
                  <FormField {...bindText(form, 'subject')} label={t('page.contacts.subject')} />
                  <FormField
                    {...bindText(form, 'message')}
                    as="textarea"
                    rows={6}
                    label={t('page.contacts.message')}
                  />
                  <Turnstile
                    ref={turnstile}
                    siteKey={turnstileKey}
                    action="contact-us"
                    onToken={(token) => form.setData('cfTurnstileResponse', token)}
                    error={form.errors.cfTurnstileResponse}
                  />
                  <Button type="submit" size="lg" disabled={form.processing}>
                    {t('page.contacts.send')}
                  </Button>
                </Form>
              </Card.Body>
            </Card>
          </Col>
        </Row>
      </Container>
    </AppLayout>
  )
}
