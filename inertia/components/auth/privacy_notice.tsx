import { Link } from '@adonisjs/inertia/react'
import { useTranslation } from '~/i18n/context.tsx'

/** What signing up or in means for one's data, with the privacy policy's link. */
export default function PrivacyNotice({ className }: { className: string }) {
  const { t } = useTranslation()
  return (
    <p className={`small text-muted ${className}`}>
      {t('page.auth.privacy_notice')}{' '}
      <Link route="privacy_policy">{t('page.auth.privacy_link')}</Link>.
    </p>
  )
}
