import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import type { Data } from '@generated/data'
import { anyNotCounted, type NotCounted } from '@app/shared/petitions/not_counted.ts'

/** The other lines of the section, in order: each one's count and text. */
const OTHER_LINES = [
  ['stoppedByRules', 'page.petition_page.stopped_by_rules'],
  ['deactivatedByOwner', 'page.petition_page.deactivated_by_owner'],
  ['paperRejected', 'page.petition_page.paper_rejected'],
] as const satisfies ReadonlyArray<readonly [keyof NotCounted, string]>

/**
 * What does not count, in the open, as numbers: "37 signatures removed by
 * moderators" (in a disclosure, each standing invalidation's date, count
 * and reason), then the signatures the site's rules stopped, those its
 * author switched off and the rejected paper signatures. Never a signer, a
 * domain or a network. Nothing when all of it is zero.
 */
export default function ModeratorRemovals({
  removals,
  notCounted,
}: {
  removals: Data.ModeratorRemoval[]
  notCounted: NotCounted
}) {
  const { t, locale } = useTranslation()
  const total = removals.reduce((sum, removal) => sum + removal.signaturesRemoved, 0)
  if (total === 0 && !anyNotCounted(notCounted)) return null
  return (
    <section
      className="petition-show-section small"
      aria-label={t('page.petition_page.not_counted_title')}
      data-testid="not-counted"
    >
      {total > 0 && (
        <details data-testid="moderator-removals">
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
      )}
      {OTHER_LINES.filter(([field]) => notCounted[field] > 0).map(([field, key]) => (
        <p key={field} className="mb-1" data-testid={`not-counted-${field}`}>
          {t(key, { count: notCounted[field] })}
        </p>
      ))}
    </section>
  )
}
