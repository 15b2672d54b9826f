import { useForm } from '@inertiajs/react'
import { Alert, Button, Form } from 'react-bootstrap'
import type { Data } from '@generated/data'
import FormField from '~/components/form_field.tsx'
import AccountSection from '~/components/account/account_section.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import { scrollToFirstError } from '~/lib/scroll_to_first_error.ts'
import { urlFor } from '~/client.ts'

/**
 * The address, and a move to another one: it happens when the link mailed
 * to the new address is followed; until then the pending address shows here
 * and the move can be cancelled. The move asks for the current password: an
 * account without one sets one first. An unverified account cannot move
 * (it may be someone else's registration of this address).
 */
export default function EmailSection({ account }: { account: Data.Account }) {
  const { t } = useTranslation()
  const form = useForm({ email: '', currentPassword: '' })
  const cancel = useForm({})

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.post(urlFor('my.account.email'), {
      errorBag: 'email',
      preserveScroll: true,
      onSuccess: () => form.reset(),
      onError: () => scrollToFirstError('#account-email'),
      onFinish: () => form.reset('currentPassword'),
    })
  }

  return (
    <AccountSection
      id="account-email"
      title={t('page.account.email_title')}
      intro={t('page.account.email_intro')}
    >
      <p>
        {t('page.account.email_current')}{' '}
        <strong data-testid="current-email">{account.email}</strong>
      </p>
      {account.pendingEmail && (
        <Alert variant="info" data-testid="pending-email">
          <p>{t('page.account.email_pending', { email: account.pendingEmail })}</p>
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={cancel.processing}
            onClick={() =>
              cancel.delete(urlFor('my.account.email.cancel'), { preserveScroll: true })
            }
          >
            {t('page.account.email_cancel')}
          </Button>
        </Alert>
      )}
      {!account.verified ? (
        <p className="mb-0" data-testid="email-needs-verification">
          {t('page.account.email_needs_verification')}
        </p>
      ) : account.hasPassword ? (
        <Form onSubmit={submit} noValidate data-testid="email-form">
          <FormField
            {...bindText(form, 'email')}
            id="email-email"
            type="email"
            autoComplete="email"
            label={t('page.account.email_new')}
          />
          <FormField
            {...bindText(form, 'currentPassword')}
            id="email-currentPassword"
            type="password"
            autoComplete="current-password"
            label={t('page.account.current_password')}
          />
          <Button type="submit" disabled={form.processing}>
            {t('page.account.email_button')}
          </Button>
        </Form>
      ) : (
        <p className="mb-0" data-testid="email-needs-password">
          {t('page.account.email_needs_password')}
        </p>
      )}
    </AccountSection>
  )
}
