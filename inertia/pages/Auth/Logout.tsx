import { Link } from '@adonisjs/inertia/react'
import AppLayout from '~/layouts/app_layout.tsx'
import AuthCard from '~/components/auth/auth_card.tsx'
import LogoutButton from '~/components/auth/logout_button.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

/**
 * GET /logout, for old links and bookmarks: opening it logs no one out;
 * only its button, which posts, does.
 */
export default function Logout() {
  const { t } = useTranslation()
  return (
    <AppLayout title={t('page.auth.logout_title')} path={urlFor('auth.logout.show')} noindex>
      <AuthCard title={t('page.auth.logout_title')} intro={t('page.auth.logout_intro')}>
        <div className="d-grid gap-3">
          <LogoutButton className="btn btn-primary btn-lg" data-testid="logout-confirm">
            {t('page.auth.logout_button')}
          </LogoutButton>
          <Link route="my.petitions" className="text-center">
            {t('page.auth.logout_stay')}
          </Link>
        </div>
      </AuthCard>
    </AppLayout>
  )
}
