import { Link } from '@adonisjs/inertia/react'
import { useTranslation } from '~/i18n/context.tsx'

type AuthLink = 'signup' | 'login' | 'forgot'

/** The links under the account forms: the other forms asked for, then the FAQ. */
export default function AuthLinks({ show }: { show: AuthLink[] }) {
  const { t } = useTranslation()
  return (
    <ul className="list-unstyled small mt-4 mb-0 link-list">
      {show.includes('signup') && (
        <li>
          {t('page.auth.no_account')} <Link route="auth.signup">{t('page.auth.signup_link')}</Link>
        </li>
      )}
      {show.includes('login') && (
        <li>
          {t('page.auth.have_account')} <Link route="auth.login">{t('page.auth.login_link')}</Link>
        </li>
      )}
      {show.includes('forgot') && (
        <li>
          <Link route="auth.password.request">{t('page.auth.forgot_link')}</Link>
        </li>
      )}
      <li>
        <Link route="faq">{t('page.auth.faq_link')}</Link>
      </li>
    </ul>
  )
}
