import type { Data } from '@generated/data'
import AccountSection from '~/components/account/account_section.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import { urlFor } from '~/client.ts'
import { IDENTITY_CLAIMS } from '@app/shared/identity.ts'

/**
 * The verified identity linked to the account: which provider, since when
 * and the claims kept. Until one is, a link per configured provider (a full
 * page load: the provider is another site). Linked once, it stays until the
 * account is deleted.
 */
export default function IdentitySection({ account }: { account: Data.Account }) {
  const { t, locale } = useTranslation()
  const { identity } = account
  if (!identity) {
    return (
      <AccountSection
        id="account-identity"
        title={t('page.account.identity_title')}
        intro={t('page.account.identity_intro')}
      >
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
          {account.identityProviders.map((provider) => (
            <li key={provider.key}>
              <a
                className="btn btn-outline-primary"
                href={urlFor('my.account.identity.link', { key: provider.key })}
              >
                {t('page.account.identity_link', { provider: provider.name })}
              </a>
            </li>
          ))}
        </ul>
      </AccountSection>
    )
  }
  const claims = IDENTITY_CLAIMS.filter((claim) => identity.claims[claim] !== undefined)
  const shown = (value: string | number | boolean | undefined) =>
    typeof value === 'boolean' ? t(value ? 'page.identity.yes' : 'page.identity.no') : String(value)
  return (
    <AccountSection id="account-identity" title={t('page.account.identity_title')}>
      <p className="fw-semibold mb-1" data-testid="linked-identity">
        {identity.linkedAt
          ? t('page.account.identity_linked_with', {
              provider: identity.providerName,
              date: formatDate(locale, identity.linkedAt),
            })
          : identity.providerName}
      </p>
      {claims.length > 0 && (
        <dl className="mb-2">
          {claims.map((claim) => (
            <div key={claim} className="d-flex gap-2">
              <dt className="fw-normal">{t(`page.identity.claims.${claim}`)}:</dt>
              <dd className="mb-0 fw-bold">{shown(identity.claims[claim])}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="small text-muted mb-0">{t('page.account.identity_once')}</p>
    </AccountSection>
  )
}
