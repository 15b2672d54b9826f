import { useRef } from 'react'
import { Link, useForm } from '@inertiajs/react'
import { Button, Col, Form, Row } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import AuthCard from '~/components/auth/auth_card.tsx'
import ProviderButtons from '~/components/auth/provider_buttons.tsx'
import FormField from '~/components/form_field.tsx'
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
    form.post('/signup', {
      onFinish: () => {
        form.reset('password', 'password_confirmation')
        turnstile.current?.reset()
      },
    })
  }

  return (
    <AppLayout title={t('page.auth.signup_title')} path="/signup">
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
          <FormField
            name="email"
            type="email"
            autoComplete="email"
            label={t('page.auth.email')}
            value={form.data.email}
            onChange={(event) => form.setData('email', event.target.value)}
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
          <p className="small text-muted">
            {t('page.auth.privacy_notice')}{' '}
            <Link href="/privacy-policy">{t('page.auth.privacy_link')}</Link>.
          </p>
          <div className="d-grid">
            <Button type="submit" size="lg" disabled={form.processing}>
              {t('page.auth.register_button')}
            </Button>
          </div>
        </Form>
        <ProviderButtons />
        <ul className="list-unstyled small mt-4 mb-0">
          <li>
            {t('page.auth.have_account')} <Link href="/login">{t('page.auth.login_link')}</Link>
          </li>
          <li>
            <Link href="/faq">{t('page.auth.faq_link')}</Link>
          </li>
        </ul>
      </AuthCard>
    </AppLayout>
  )
}
