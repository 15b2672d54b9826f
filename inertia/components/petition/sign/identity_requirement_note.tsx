import { Alert } from 'react-bootstrap'
import { countryName } from '@app/shared/countries.ts'
import type { IdentityRequirementShown } from '@app/shared/identity.ts'
import { useTranslation } from '~/i18n/context.tsx'

/**
 * What signing this petition requires, said before anyone signs: only
 * signatures with a verified identity count, and, when the owner chose
 * it, only the residents of its country or region may sign. Nothing when
 * nothing is required.
 */
export default function IdentityRequirementNote({
  requirement,
}: {
  requirement: IdentityRequirementShown | null
}) {
  const { t, locale } = useTranslation()
  if (!requirement) return null
  const country = requirement.country ? countryName(requirement.country, locale) : null
  let residence: string | null = null
  if (requirement.residence === 'region' && country && requirement.region) {
    residence = t('page.identity.requirement_region', { region: requirement.region, country })
  } else if (requirement.residence !== null && country) {
    residence = t('page.identity.requirement_country', { country })
  }
  return (
    <Alert variant="info" className="py-2" data-testid="identity-requirement">
      <p className="mb-0">{t('page.identity.requirement_verified')}</p>
      {/* The server's and the browser's CLDR may spell a country differently. */}
      {residence && (
        <p className="mb-0 fw-bold" suppressHydrationWarning>
          {residence}
        </p>
      )}
    </Alert>
  )
}
