import { useRef } from 'react'
import { useForm } from '@inertiajs/react'
import { Alert, Col, Form, Row } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import AuthCard from '~/components/auth/auth_card.tsx'
import ProviderButtons, { type SignInProvider } from '~/components/auth/provider_buttons.tsx'
import FormField from '~/components/form_field.tsx'
import EmailField from '~/components/auth/email_field.tsx'
import PrivacyNotice from '~/components/auth/privacy_notice.tsx'
import AuthLinks from '~/components/auth/auth_links.tsx'
import { urlFor } from '~/client.ts'
import NewPasswordFields from '~/components/auth/new_password_fields.tsx'
import Turnstile, { type TurnstileHandle } from '~/components/turnstile.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import SubmitButton from '~/components/auth/submit_button.tsx'

/** `startingPetition`: the guest came to start a petition, which follows the sign-up. */
type RegistrationProps = {
  turnstileKey: string | null
  startingPetition?: boolean
  signInProviders: SignInProvider[]
}

export default function Registration({
  turnstileKey,
  startingPetition,
  signInProviders,
}: RegistrationProps) {
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
      // Refused as a whole (too many accounts from this address): its toast says why,
      // and the errors of an earlier try would only mislead.
      onHttpException: () => form.clearErrors(),
      onFinish: () => {
        form.reset('password', 'password_confirmation')
        turnstile.current?.reset()
      },
    })
  }

  return (
    <AppLayout title={t('page.auth.signup_title')} path={urlFor('auth.signup')}>
      <AuthCard title={t('page.auth.signup_title')} intro={t('page.auth.signup_intro')}>
        {startingPetition && (
          <Alert variant="info" className="py-2" data-testid="signup-to-create">
            {t('page.auth.signup_to_create')}
          </Alert>
        )}
        <Form onSubmit={submit} noValidate data-testid="signup-form">
          <Row>
            <Col sm={6}>
              <FormField
                {...bindText(form, 'firstName')}
                autoComplete="given-name"
                label={t('page.auth.first_name')}
              />
            </Col>
            <Col sm={6}>
              <FormField
                {...bindText(form, 'lastName')}
                autoComplete="family-name"
                label={t('page.auth.last_name')}
              />
            </Col>
          </Row>
          <EmailField {...bindText(form, 'email')} />
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
          <SubmitButton label={t('page.auth.register_button')} processing={form.processing} />
        </Form>
        <ProviderButtons providers={signInProviders} />
        <AuthLinks show={['login']} />
      </AuthCard>
    </AppLayout>
  )
}
