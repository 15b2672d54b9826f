import { useForm } from '@inertiajs/react'
import { Button, Form } from 'react-bootstrap'
import type { Data } from '@generated/data'
import FormField from '~/components/form_field.tsx'
import AccountSection from '~/components/account/account_section.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import { scrollToFirstError } from '~/lib/scroll_to_first_error.ts'
import { urlFor } from '~/client.ts'

/**
 * A new password after the current one; an account made through GitHub or
 * Google, which has none, asks for a link to set its first one.
 */
export default function PasswordSection({ account }: { account: Data.Account }) {
  const { t } = useTranslation()
  const form = useForm({ currentPassword: '', password: '', password_confirmation: '' })
  const link = useForm({})

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.post(urlFor('my.account.password'), {
      errorBag: 'password',
      preserveScroll: true,
      onError: () => scrollToFirstError('#account-password'),
      onFinish: () => form.reset(),
    })
  }

  if (!account.hasPassword) {
    return (
      <AccountSection
        id="account-password"
        title={t('page.account.password_title')}
        intro={t('page.account.password_none', { email: account.email })}
      >
        <Button
          variant="outline-primary"
          disabled={link.processing}
          data-testid="password-link"
          onClick={() => link.post(urlFor('my.account.password.link'), { preserveScroll: true })}
        >
          {t('page.account.password_link_button')}
        </Button>
      </AccountSection>
    )
  }

  return (
    <AccountSection
      id="account-password"
      title={t('page.account.password_title')}
      intro={t('page.account.password_intro')}
    >
      <Form onSubmit={submit} noValidate data-testid="password-form">
        <FormField
          {...bindText(form, 'currentPassword')}
          id="password-currentPassword"
          type="password"
          autoComplete="current-password"
          label={t('page.account.current_password')}
        />
        <FormField
          {...bindText(form, 'password')}
          id="password-password"
          type="password"
          autoComplete="new-password"
          label={t('page.account.new_password')}
          hint={t('page.auth.password_hint')}
        />
        <FormField
          {...bindText(form, 'password_confirmation')}
          id="password-password_confirmation"
          type="password"
          autoComplete="new-password"
          label={t('page.auth.password_confirmation')}
        />
        <Button type="submit" disabled={form.processing}>
          {t('page.account.password_button')}
        </Button>
      </Form>
    </AccountSection>
  )
}
