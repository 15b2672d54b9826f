import { Link } from '@adonisjs/inertia/react'
import { useTranslation } from '~/i18n/context.tsx'

/** Owner tools and the jump to the sign form; nothing when neither applies. */
export default function ActionBar({
  guid,
  canEditPetition,
  canSignPetition,
}: {
  guid: string
  canEditPetition: boolean
  canSignPetition: boolean
}) {
  const { t } = useTranslation()
  if (!canEditPetition && !canSignPetition) return null
  return (
    <nav className="petition-action-bar d-flex flex-wrap gap-2" data-testid="action-bar">
      {canEditPetition && (
        <>
          <Link route="petitions.edit" routeParams={{ guid }} className="btn btn-outline-primary">
            {t('page.show.edit')}
          </Link>
          <Link
            route="petitions.signatures.index"
            routeParams={{ guid }}
            className="btn btn-outline-secondary"
            data-testid="signatures-list"
          >
            {t('page.show.signatures_list')}
          </Link>
        </>
      )}
      {canSignPetition && (
        <a href="#sign-this-petition" className="btn btn-primary ms-auto">
          {t('page.show.sign_this')}
        </a>
      )}
    </nav>
  )
}
