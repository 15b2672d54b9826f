import MailedLinkPage from '~/components/mailed_link_page.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

type VerifyEmailProps = {
  /** Where the buttons post: the signed link itself; null when the link is not valid. */
  actionUrl: string | null
  /** The address the account was made with. */
  email: string | null
  /** Verified already: nothing left to answer. */
  verified: boolean
}

/**
 * The page of the mailed verification link. Someone made an account with
 * this address: its holder says whether it was them ("Verify my account")
 * or not ("I did not sign up", which deletes the account).
 */
export default function VerifyEmail({ actionUrl, email, verified }: VerifyEmailProps) {
  const { t } = useTranslation()
  const home = { href: urlFor('home'), label: t('page.account.back_home') }
  return (
    <MailedLinkPage
      title={t('page.auth.verify_title')}
      actionUrl={actionUrl}
      prompt={t('page.auth.verify_prompt', { email: email ?? '' })}
      button={{
        label: t('page.auth.verify_button'),
        testId: 'verify-account',
        data: { answer: 'verify' },
      }}
      otherButton={{
        label: t('page.auth.verify_not_me_button'),
        hint: t('page.auth.verify_not_me_hint'),
        variant: 'outline-danger',
        testId: 'decline-signup',
        data: { answer: 'not_me' },
      }}
      done={{ when: verified, text: t('page.auth.already_verified'), testId: 'verify-done' }}
      invalid={{
        text: t('page.auth.verify_link_invalid'),
        testId: 'verify-invalid',
        link: { href: urlFor('auth.login'), label: t('page.auth.login_link') },
      }}
      back={home}
    />
  )
}
