import { useForm } from '@inertiajs/react'
import { Button, Form } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import AuthCard from '~/components/auth/auth_card.tsx'
import ProviderButtons from '~/components/auth/provider_buttons.tsx'
import EmailField from '~/components/auth/email_field.tsx'
import { urlFor } from '~/client.ts'
import AuthLinks from '~/components/auth/auth_links.tsx'
import { useTranslation } from '~/i18n/context.tsx'

export default function ForgetPassword() {
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
          <EmailField
            value={form.data.email}
            onChange={(value) => form.setData('email', value)}
            error={form.errors.email}
          />
          <div className="d-grid">
            <Button type="submit" size="lg" disabled={form.processing}>
              {t('page.auth.send_reset')}
            </Button>
          </div>
        </Form>
        <ProviderButtons />
        <AuthLinks show={['signup', 'login']} />
      </AuthCard>
    </AppLayout>
  )
}
