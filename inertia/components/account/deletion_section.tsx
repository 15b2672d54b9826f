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
 * Deleting the account, and what becomes of its petitions and signatures:
 * with the current password and a tick that the member understood; an
 * account without a password asks for a link by mail.
 */
export default function DeletionSection({ account }: { account: Data.Account }) {
  const { t } = useTranslation()
  const form = useForm({ currentPassword: '', understood: false })
  const link = useForm({})

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    form.post(urlFor('my.account.destroy'), {
      errorBag: 'deletion',
      preserveScroll: true,
      onError: () => scrollToFirstError('#account-deletion'),
      onFinish: () => form.reset('currentPassword'),
    })
  }

  return (
    <AccountSection id="account-deletion" title={t('page.account.delete_title')} danger>
      <p>{t('page.account.delete_intro')}</p>
      <ul>
        <li>{t('page.account.delete_signatures')}</li>
        <li>{t('page.account.delete_published')}</li>
        <li>{t('page.account.delete_unpublished')}</li>
        <li>{t('page.account.delete_export')}</li>
      </ul>
      {account.hasPassword ? (
        <Form onSubmit={submit} noValidate data-testid="deletion-form">
          <FormField
            {...bindText(form, 'currentPassword')}
            id="deletion-currentPassword"
            type="password"
            autoComplete="current-password"
            label={t('page.account.current_password')}
          />
          <Form.Check className="mb-3" id="deletion-understood">
            <Form.Check.Input
              type="checkbox"
              name="understood"
              checked={form.data.understood}
              onChange={(event) => form.setData('understood', event.target.checked)}
              isInvalid={Boolean(form.errors.understood)}
              aria-describedby={form.errors.understood ? 'deletion-understood-error' : undefined}
            />
            <Form.Check.Label>{t('page.account.delete_understood')}</Form.Check.Label>
            {form.errors.understood && (
              <Form.Control.Feedback
                type="invalid"
                id="deletion-understood-error"
                data-error-for="understood"
              >
                {form.errors.understood}
              </Form.Control.Feedback>
            )}
          </Form.Check>
          <Button type="submit" variant="danger" disabled={form.processing}>
            {t('page.account.delete_button')}
          </Button>
        </Form>
      ) : (
        <>
          <p>{t('page.account.delete_by_link', { email: account.email })}</p>
          <Button
            variant="outline-danger"
            disabled={link.processing}
            data-testid="deletion-link"
            onClick={() => link.post(urlFor('my.account.destroy.link'), { preserveScroll: true })}
          >
            {t('page.account.delete_link_button')}
          </Button>
        </>
      )}
    </AccountSection>
  )
}
