import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import type { Data } from '@generated/data'

/**
 * "37 signatures removed by moderators", in the open: the counted
 * signatures that moderators' standing invalidations took out, and, in a
 * disclosure, each one's date, count and reason. Never a signer. Nothing
 * when moderators removed none.
 */
export default function ModeratorRemovals({ removals }: { removals: Data.ModeratorRemoval[] }) {
  const { t, locale } = useTranslation()
  const total = removals.reduce((sum, removal) => sum + removal.signaturesRemoved, 0)
  if (total === 0) return null
  return (
    <section className="petition-show-section small" data-testid="moderator-removals">
      <details>
        <summary data-testid="moderator-removals-count">
          {t('page.petition_page.removed_by_moderators', { count: total })}
        </summary>
        <ul className="list-unstyled mt-2 mb-0">
          {removals.map((removal) => (
            <li key={removal.id} className="mb-1" data-testid="moderator-removal">
              <time dateTime={removal.date}>{formatDate(locale, removal.date)}</time>
              {' — '}
              {t('page.petition_page.removal', { count: removal.signaturesRemoved })}
              {' — '}
              <span className="text-break">{removal.reason}</span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  )
}
