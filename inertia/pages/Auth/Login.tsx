import { useRef } from 'react'
import { Link, useForm } from '@inertiajs/react'
import { Button, Form } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import AuthCard from '~/components/auth/auth_card.tsx'
import ProviderButtons from '~/components/auth/provider_buttons.tsx'
import FormField from '~/components/form_field.tsx'
import Turnstile, { type TurnstileHandle } from '~/components/turnstile.tsx'
import { useTranslation } from '~/i18n/context.tsx'

/** The bot check shows when the server asks for it. */
type LoginProps = { turnstileKey: string | null; botCheckRequired: boolean }

export default function Login({ turnstileKey, botCheckRequired }: LoginProps) {
  const { t } = useTranslation()
  const turnstile = useRef<TurnstileHandle>(null)
  const form = useForm({ email: '', password: '', cfTurnstileResponse: '' })

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.post('/login', {
      onFinish: () => {
        form.reset('password')
        turnstile.current?.reset()
      },
    })
  }

  return (
    <AppLayout title={t('page.auth.login_title')} path="/login">
      <AuthCard title={t('page.auth.login_title')} intro={t('page.auth.login_intro')}>
        <Form onSubmit={submit} noValidate data-testid="login-form">
          <FormField
            name="email"
            type="email"
            autoComplete="email"
            label={t('page.auth.email')}
            value={form.data.email}
            onChange={(event) => form.setData('email', event.target.value)}
            error={form.errors.email}
          />
          <FormField
            name="password"
            type="password"
            autoComplete="current-password"
            label={t('page.auth.password')}
            value={form.data.password}
            onChange={(event) => form.setData('password', event.target.value)}
            error={form.errors.password}
          />
          {/* Only after many failed logins on the account: a token is then required. */}
          {botCheckRequired && (
            <Turnstile
              ref={turnstile}
              siteKey={turnstileKey}
              action="login"
              onToken={(token) => form.setData('cfTurnstileResponse', token)}
              error={form.errors.cfTurnstileResponse}
            />
          )}
          <div className="d-grid">
            <Button type="submit" size="lg" disabled={form.processing}>
              {t('page.auth.login_button')}
            </Button>
          </div>
        </Form>
        <ProviderButtons />
        <p className="small text-muted mt-4 mb-2">
          {t('page.auth.privacy_notice')}{' '}
          <Link href="/privacy-policy">{t('page.auth.privacy_link')}</Link>.
        </p>
        <ul className="list-unstyled small mb-0">
          <li>
            {t('page.auth.no_account')} <Link href="/signup">{t('page.auth.signup_link')}</Link>
          </li>
          <li>
            <Link href="/auth/password/reset">{t('page.auth.forgot_link')}</Link>
          </li>
          <li>
            <Link href="/faq">{t('page.auth.faq_link')}</Link>
          </li>
        </ul>
      </AuthCard>
    </AppLayout>
  )
}
