import { useForm } from '@inertiajs/react'
import { Form } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import AuthCard from '~/components/auth/auth_card.tsx'
import ProviderButtons, { type SignInProvider } from '~/components/auth/provider_buttons.tsx'
import EmailField from '~/components/auth/email_field.tsx'
import { urlFor } from '~/client.ts'
import AuthLinks from '~/components/auth/auth_links.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import SubmitButton from '~/components/auth/submit_button.tsx'

export default function ForgetPassword({ signInProviders }: { signInProviders: SignInProvider[] }) {
  const { t } = useTranslation()
  const form = useForm({ email: '' })

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.post(urlFor('auth.password.email'), { preserveScroll: true })
  }

  return (
    <AppLayout title={t('page.auth.forgot_title')} path={urlFor('auth.password.request')}>
      <AuthCard title={t('page.auth.forgot_title')} intro={t('page.auth.forgot_intro')}>
        <Form onSubmit={submit} noValidate data-testid="forgot-form">
          <EmailField {...bindText(form, 'email')} />
          <SubmitButton label={t('page.auth.send_reset')} processing={form.processing} />
        </Form>
        <ProviderButtons providers={signInProviders} />
        <AuthLinks show={['signup', 'login']} />
      </AuthCard>
    </AppLayout>
  )
}
