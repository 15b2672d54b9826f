import MailedLinkPage from '~/components/mailed_link_page.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

type UndoEmailChangeProps = {
  /** Where the button posts: the signed link itself; null when the link is not valid. */
  actionUrl: string | null
  /** The address the account left, which the button brings it back to. */
  previousEmail: string | null
  /** The address it moved to. */
  currentEmail: string | null
}

/** The page of the link mailed to the address an account left: its button undoes the move. */
export default function UndoEmailChange({
  actionUrl,
  previousEmail,
  currentEmail,
}: UndoEmailChangeProps) {
  const { t } = useTranslation()
  const home = { href: urlFor('home'), label: t('page.account.back_home') }
  return (
    <MailedLinkPage
      title={t('page.account.email_undo_title')}
      actionUrl={actionUrl}
      prompt={t('page.account.email_undo_text', {
        previous: previousEmail ?? '',
        current: currentEmail ?? '',
      })}
      button={{
        label: t('page.account.email_undo_button'),
        variant: 'danger',
        testId: 'undo-email-change',
      }}
      invalid={{
        text: t('page.account.email_undo_invalid'),
        testId: 'email-undo-invalid',
        link: home,
      }}
      back={home}
    />
  )
}
