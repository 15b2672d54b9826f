import { Alert, Card } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import type { SigningIdentity } from '@app/shared/identity.ts'
import IdentityCheck from '~/components/petition/sign/identity_check.tsx'

/**
 * In place of the sign form, on a petition that takes only verified
 * signatures, for a viewer whose identity is not checked: the providers'
 * buttons as the way to sign (the server refuses an unverified signature
 * anyway); with no provider left, that signing is not possible now.
 */
export default function VerifiedSigningOnly({
  identityProviders,
}: Pick<SigningIdentity, 'identityProviders'>) {
  const { t } = useTranslation()
  if (identityProviders.length === 0) {
    return (
      <Alert variant="warning" data-testid="signing-unavailable">
        {t('page.identity.signing_unavailable')}
      </Alert>
    )
  }
  return (
    <Card className="shadow-sm">
      <Card.Body className="p-4">
        <IdentityCheck identityProviders={identityProviders} verifiedIdentity={null} required />
      </Card.Body>
    </Card>
  )
}
