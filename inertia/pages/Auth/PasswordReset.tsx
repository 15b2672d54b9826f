import { useForm } from '@inertiajs/react'
import { Form } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import AuthCard from '~/components/auth/auth_card.tsx'
import ProviderButtons, { type SignInProvider } from '~/components/auth/provider_buttons.tsx'
import EmailField from '~/components/auth/email_field.tsx'
import { urlFor } from '~/client.ts'
import NewPasswordFields from '~/components/auth/new_password_fields.tsx'
import AuthLinks from '~/components/auth/auth_links.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import SubmitButton from '~/components/auth/submit_button.tsx'

type PasswordResetProps = { token: string; email: string; signInProviders: SignInProvider[] }

export default function PasswordReset({ token, email, signInProviders }: PasswordResetProps) {
  const { t } = useTranslation()
  const form = useForm({ token, email, password: '', password_confirmation: '' })

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.post(urlFor('auth.password.update'), {
      onFinish: () => form.reset('password', 'password_confirmation'),
    })
  }

  return (
    <AppLayout title={t('page.auth.reset_title')} path={urlFor('auth.password.request')} noindex>
      <AuthCard title={t('page.auth.reset_title')} intro={t('page.auth.reset_intro')}>
        <Form onSubmit={submit} noValidate data-testid="reset-form">
          <input type="hidden" name="token" value={form.data.token} />
          {form.errors.token && (
            <div className="alert alert-danger" data-error-for="token">
              {form.errors.token}
            </div>
          )}
          <EmailField {...bindText(form, 'email')} />
          <NewPasswordFields
            password={form.data.password}
            confirmation={form.data.password_confirmation}
            errors={form.errors}
            onChange={(field, value) => form.setData(field, value)}
          />
          <SubmitButton label={t('page.auth.reset_button')} processing={form.processing} />
        </Form>
        <ProviderButtons providers={signInProviders} />
        <AuthLinks show={['signup', 'login']} />
      </AuthCard>
    </AppLayout>
  )
}
