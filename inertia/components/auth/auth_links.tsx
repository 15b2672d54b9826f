import { Link } from '@adonisjs/inertia/react'
import { useTranslation } from '~/i18n/context.tsx'

/** The links under the password pages. */
export default function AuthLinks() {
  const { t } = useTranslation()
  return (
    <ul className="list-unstyled small mt-4 mb-0">
      <li>
        {t('page.auth.no_account')} <Link route="auth.signup">{t('page.auth.signup_link')}</Link>
      </li>
      <li>
        {t('page.auth.have_account')} <Link route="auth.login">{t('page.auth.login_link')}</Link>
      </li>
      <li>
        <Link route="faq">{t('page.auth.faq_link')}</Link>
      </li>
    </ul>
  )
}
