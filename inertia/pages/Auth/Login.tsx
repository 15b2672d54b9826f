import { useRef } from 'react'
import { useForm } from '@inertiajs/react'
import { Form } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import AuthCard from '~/components/auth/auth_card.tsx'
import ProviderButtons, { type SignInProvider } from '~/components/auth/provider_buttons.tsx'
import FormField from '~/components/form_field.tsx'
import EmailField from '~/components/auth/email_field.tsx'
import PrivacyNotice from '~/components/auth/privacy_notice.tsx'
import AuthLinks from '~/components/auth/auth_links.tsx'
import { urlFor } from '~/client.ts'
import Turnstile, { type TurnstileHandle } from '~/components/turnstile.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import SubmitButton from '~/components/auth/submit_button.tsx'

/** The bot check shows when the server asks for it. */
type LoginProps = {
  turnstileKey: string | null
  botCheckRequired: boolean
  signInProviders: SignInProvider[]
}

export default function Login({ turnstileKey, botCheckRequired, signInProviders }: LoginProps) {
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
          <EmailField {...bindText(form, 'email')} />
          <FormField
            {...bindText(form, 'password')}
            type="password"
            autoComplete="current-password"
            label={t('page.auth.password')}
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
          <SubmitButton label={t('page.auth.login_button')} processing={form.processing} />
        </Form>
        <ProviderButtons providers={signInProviders} />
        <PrivacyNotice className="mt-4 mb-0" />
        <AuthLinks show={['signup', 'forgot']} />
      </AuthCard>
    </AppLayout>
  )
}
