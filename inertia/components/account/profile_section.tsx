import { useForm } from '@inertiajs/react'
import { Button, Form } from 'react-bootstrap'
import type { Data } from '@generated/data'
import FormField from '~/components/form_field.tsx'
import AccountSection from '~/components/account/account_section.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { bindText } from '~/lib/bind_text.ts'
import { scrollToFirstError } from '~/lib/scroll_to_first_error.ts'
import { urlFor } from '~/client.ts'

/** First name, last name and nickname. */
export default function ProfileSection({ account }: { account: Data.Account }) {
  const { t } = useTranslation()
  const form = useForm({
    firstName: account.firstName,
    lastName: account.lastName ?? '',
    nickName: account.nickName ?? '',
  })

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.post(urlFor('my.account.profile'), {
      errorBag: 'profile',
      preserveScroll: true,
      onError: () => scrollToFirstError('#account-profile'),
    })
  }

  return (
    <AccountSection id="account-profile" title={t('page.account.profile_title')}>
      <Form onSubmit={submit} noValidate data-testid="profile-form">
        <FormField
          {...bindText(form, 'firstName')}
          id="profile-firstName"
          autoComplete="given-name"
          label={t('page.auth.first_name')}
        />
        <FormField
          {...bindText(form, 'lastName')}
          id="profile-lastName"
          autoComplete="family-name"
          label={t('page.auth.last_name')}
        />
        <FormField
          {...bindText(form, 'nickName')}
          id="profile-nickName"
          autoComplete="nickname"
          label={t('page.account.nickname')}
          hint={t('page.account.nickname_hint')}
        />
        <Button type="submit" disabled={form.processing}>
          {t('page.account.profile_button')}
        </Button>
      </Form>
    </AccountSection>
  )
}
