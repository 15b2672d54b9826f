import MailedLinkPage from '~/components/mailed_link_page.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

type ConfirmDeletionProps = {
  /** Where the button posts: the signed link itself; null when the link is not valid. */
  actionUrl: string | null
  /** The address of the account the link deletes. */
  email: string | null
}

/** The page of a mailed deletion link: only its button deletes the account. */
export default function ConfirmDeletion({ actionUrl, email }: ConfirmDeletionProps) {
  const { t } = useTranslation()
  const home = { href: urlFor('home'), label: t('page.account.back_home') }
  return (
    <MailedLinkPage
      title={t('page.account.delete_confirm_title')}
      actionUrl={actionUrl}
      prompt={t('page.account.delete_confirm_text', { email: email ?? '' })}
      button={{
        label: t('page.account.delete_confirm_button'),
        variant: 'danger',
        testId: 'confirm-deletion',
      }}
      done={{ when: false, text: '', testId: 'deletion-done' }}
      invalid={{
        text: t('page.account.delete_link_invalid'),
        testId: 'deletion-invalid',
        link: home,
      }}
      back={home}
    />
  )
}
