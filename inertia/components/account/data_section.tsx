import AccountSection from '~/components/account/account_section.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

/** The download of everything the site keeps about the member. */
export default function DataSection() {
  const { t } = useTranslation()
  return (
    <AccountSection
      id="account-data"
      title={t('page.account.data_title')}
      intro={t('page.account.data_intro')}
    >
      {/* A plain link: the browser saves the file the server names (never an Inertia visit). */}
      <a
        href={urlFor('my.account.export')}
        className="btn btn-outline-primary"
        data-testid="account-export"
      >
        {t('page.account.data_button')}
      </a>
    </AccountSection>
  )
}
