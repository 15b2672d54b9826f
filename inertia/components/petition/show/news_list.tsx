import type { ReactNode } from 'react'
import { useTranslation } from '~/i18n/context.tsx'
import type { Data } from '@generated/data'
import { formatDate } from '~/lib/format_date.ts'

/**
 * The petition's news as a list to read, newest first (the page's props
 * give them oldest first, as they happened): each with its day in the
 * page's language, who posted it, its title and its text at the column's
 * full width. `action` is what the petition's owner may do here (post one).
 */
export default function NewsList({
  updates,
  ownerFirstName,
  action,
}: {
  updates: Data.PetitionShow['updates']
  ownerFirstName: string
  action?: ReactNode
}) {
  const { t, locale } = useTranslation()
  const newestFirst = [...updates].reverse()
  return (
    <section
      className="petition-show-section"
      aria-labelledby="petition-news-title"
      data-testid="updates-timeline"
    >
      <h2 className="h4 mb-3" id="petition-news-title">
        {t('page.show.updates')}
      </h2>
      {updates.length === 0 ? (
        <p className="text-muted" data-testid="no-updates">
          {t('page.show.no_updates')}
        </p>
      ) : (
        <ol className="list-unstyled news-list mb-0">
          {newestFirst.map((update) => (
            <li key={update.id} className="news-item" data-testid="update-item">
              <p className="small text-body-secondary mb-1">
                <time dateTime={update.createdAt}>{formatDate(locale, update.createdAt)}</time>
                {' · '}
                <span>{ownerFirstName}</span>
              </p>
              <h3 className="h5 mb-1">{update.title}</h3>
              {update.description && (
                <p className="petition-plain-text mb-0">{update.description}</p>
              )}
            </li>
          ))}
        </ol>
      )}
      {action}
    </section>
  )
}
