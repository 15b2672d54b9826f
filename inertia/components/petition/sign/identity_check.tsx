import { Alert } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { IDENTITY_CLAIMS, type SigningIdentity } from '@app/shared/identity.ts'

/**
 * The sign form's identity check: once the signer's session holds one for
 * this petition, what the provider confirmed and the signature will keep;
 * before, a link per configured provider (a full page load: the provider
 * is another site), offered beside the form, or, when the petition takes
 * only verified signatures (`required`), as the way to sign. Nothing shows
 * when no provider is configured.
 */
export default function IdentityCheck({
  identityProviders,
  verifiedIdentity,
  required = false,
}: SigningIdentity & { required?: boolean }) {
  const { t } = useTranslation()
  if (verifiedIdentity) {
    const claims = IDENTITY_CLAIMS.filter((claim) => verifiedIdentity.claims[claim] !== undefined)
    const shown = (value: string | number | boolean | undefined) =>
      typeof value === 'boolean'
        ? t(value ? 'page.identity.yes' : 'page.identity.no')
        : String(value)
    return (
      <Alert variant="success" role="status" data-testid="verified-identity">
        <p className="fw-bold mb-1">
          {t('page.identity.verified_title', { provider: verifiedIdentity.providerName })}
        </p>
        {claims.length === 0 ? (
          <p className="mb-0">{t('page.identity.verified_nothing')}</p>
        ) : (
          <>
            <p className="mb-1">{t('page.identity.verified_text')}</p>
            <dl className="mb-0">
              {claims.map((claim) => (
                <div key={claim} className="d-flex gap-2">
                  <dt className="fw-normal">{t(`page.identity.claims.${claim}`)}:</dt>
                  <dd className="mb-0 fw-bold">{shown(verifiedIdentity.claims[claim])}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </Alert>
    )
  }
  if (identityProviders.length === 0) return null
  return (
    <div className="mb-3" data-testid="identity-providers">
      <p className={required ? 'mb-2' : 'small text-muted mb-2'}>
        {t(required ? 'page.identity.sign_verified_first' : 'page.identity.or_verify')}
      </p>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
        {identityProviders.map((provider) => (
          <li key={provider.key}>
            <a
              className={required ? 'btn btn-primary btn-lg' : 'btn btn-outline-primary'}
              href={provider.startUrl}
            >
              {t('page.identity.sign_with', { provider: provider.name })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
