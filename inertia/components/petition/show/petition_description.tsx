import { useTranslation } from '~/i18n/context.tsx'
import type { Data } from '@generated/data'
import { formatDate } from '~/lib/format_date.ts'

/** Who started it, when, and the description itself. */
export default function PetitionDescription({ petition }: { petition: Data.PetitionShow }) {
  const { t, locale } = useTranslation()
  const { user } = petition
  return (
    <section className="petition-show-section" data-testid="petition-description">
      <div className="d-flex align-items-center gap-3 mb-4">
        <img src={user.avatar} alt="" className="petition-owner-avatar" width="48" height="48" />
        <div>
          <div className="fw-semibold">
            {user.deleted
              ? t('page.account.petition_by_deleted_user')
              : t('page.show.by', {
                  firstName: user.firstName,
                  lastName: user.lastName ?? '',
                }).trim()}
          </div>
          <div className="small text-muted">
            {t('page.show.created_on', { date: formatDate(locale, petition.created) })}
          </div>
        </div>
      </div>
      {/* Sanitized on the server with an allow-list. */}
      <div
        className="petition-description"
        dangerouslySetInnerHTML={{ __html: petition.description }}
      />
    </section>
  )
}
