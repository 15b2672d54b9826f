import { useRef } from 'react'
import { useForm } from '@inertiajs/react'
import { Button, Form } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import AuthCard from '~/components/auth/auth_card.tsx'
import ProviderButtons from '~/components/auth/provider_buttons.tsx'
import FormField from '~/components/form_field.tsx'
import EmailField from '~/components/auth/email_field.tsx'
import PrivacyNotice from '~/components/auth/privacy_notice.tsx'
import AuthLinks from '~/components/auth/auth_links.tsx'
import { urlFor } from '~/client.ts'
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
    form.post(urlFor('auth.login.store'), {
      onFinish: () => {
        form.reset('password')
        turnstile.current?.reset()
      },
    })
  }

  return (
    <AppLayout title={t('page.auth.login_title')} path={urlFor('auth.login')}>
      <AuthCard title={t('page.auth.login_title')} intro={t('page.auth.login_intro')}>
        <Form onSubmit={submit} noValidate data-testid="login-form">
          <EmailField
            value={form.data.email}
            onChange={(value) => form.setData('email', value)}
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
        <PrivacyNotice className="mt-4 mb-0" />
        <AuthLinks show={['signup', 'forgot']} />
      </AuthCard>
    </AppLayout>
  )
}
