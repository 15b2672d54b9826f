import MailedLinkPage from '~/components/mailed_link_page.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

type ConfirmEmailChangeProps = {
  /** Where the button posts: the signed link itself; null when the link is not valid. */
  actionUrl: string | null
  newEmail: string | null
}

/** The page of the link mailed to a member's new address: the button moves the account. */
export default function ConfirmEmailChange({ actionUrl, newEmail }: ConfirmEmailChangeProps) {
  const { t } = useTranslation()
  const account = { href: urlFor('my.account'), label: t('page.account.go_to_settings') }
  return (
    <MailedLinkPage
      title={t('page.account.email_confirm_title')}
      actionUrl={actionUrl}
      prompt={t('page.account.email_confirm_text', { email: newEmail ?? '' })}
      button={{ label: t('page.account.email_confirm_button'), testId: 'confirm-email-change' }}
      done={{ when: false, text: '', testId: 'email-change-done' }}
      invalid={{
        text: t('page.account.email_link_invalid'),
        testId: 'email-change-invalid',
        link: account,
      }}
      back={account}
    />
  )
}
