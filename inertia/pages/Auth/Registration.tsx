import { useRef } from 'react'
import { useForm } from '@inertiajs/react'
import { Button, Col, Form, Row } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import AuthCard from '~/components/auth/auth_card.tsx'
import ProviderButtons from '~/components/auth/provider_buttons.tsx'
import FormField from '~/components/form_field.tsx'
import EmailField from '~/components/auth/email_field.tsx'
import PrivacyNotice from '~/components/auth/privacy_notice.tsx'
import AuthLinks from '~/components/auth/auth_links.tsx'
import { urlFor } from '~/client.ts'
import NewPasswordFields from '~/components/auth/new_password_fields.tsx'
import Turnstile, { type TurnstileHandle } from '~/components/turnstile.tsx'
import { useTranslation } from '~/i18n/context.tsx'

type RegistrationProps = { turnstileKey: string | null }

export default function Registration({ turnstileKey }: RegistrationProps) {
  const { t } = useTranslation()
  const turnstile = useRef<TurnstileHandle>(null)
  const form = useForm({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    password_confirmation: '',
    cfTurnstileResponse: '',
  })

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.post(urlFor('auth.signup.store'), {
      onFinish: () => {
        form.reset('password', 'password_confirmation')
        turnstile.current?.reset()
      },
    })
  }

  return (
    <AppLayout title={t('page.auth.signup_title')} path={urlFor('auth.signup')}>
      <AuthCard title={t('page.auth.signup_title')} intro={t('page.auth.signup_intro')}>
        <Form onSubmit={submit} noValidate data-testid="signup-form">
          <Row>
            <Col sm={6}>
              <FormField
                name="firstName"
                autoComplete="given-name"
                label={t('page.auth.first_name')}
                value={form.data.firstName}
                onChange={(event) => form.setData('firstName', event.target.value)}
                error={form.errors.firstName}
              />
            </Col>
            <Col sm={6}>
              <FormField
                name="lastName"
                autoComplete="family-name"
                label={t('page.auth.last_name')}
                value={form.data.lastName}
                onChange={(event) => form.setData('lastName', event.target.value)}
                error={form.errors.lastName}
              />
            </Col>
          </Row>
          <EmailField
            value={form.data.email}
            onChange={(value) => form.setData('email', value)}
            error={form.errors.email}
          />
          <NewPasswordFields
            password={form.data.password}
            confirmation={form.data.password_confirmation}
            errors={form.errors}
            onChange={(field, value) => form.setData(field, value)}
          />
          <Turnstile
            ref={turnstile}
            siteKey={turnstileKey}
            action="signup"
            onToken={(token) => form.setData('cfTurnstileResponse', token)}
            error={form.errors.cfTurnstileResponse}
          />
          <PrivacyNotice className="mb-3" />
          <div className="d-grid">
            <Button type="submit" size="lg" disabled={form.processing}>
              {t('page.auth.register_button')}
            </Button>
          </div>
        </Form>
        <ProviderButtons />
        <AuthLinks show={['login']} />
      </AuthCard>
    </AppLayout>
  )
}
