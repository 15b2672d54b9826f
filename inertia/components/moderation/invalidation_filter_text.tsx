import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import type { InvalidationFilter } from '@app/shared/fraud/invalidation_filter.ts'

const WHEN: Intl.DateTimeFormatOptions = {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZoneName: 'short',
}

/** What an invalidation chose signatures by, in the page's language (times in UTC). */
export default function InvalidationFilterText({ filter }: { filter: InvalidationFilter }) {
  const { t, locale } = useTranslation()
  const parts = [
    filter.network && t('page.moderation.invalidation.filter_network', { hash: filter.network }),
    filter.domain && t('page.moderation.invalidation.filter_domain', { domain: filter.domain }),
    filter.from &&
      t('page.moderation.invalidation.filter_from', {
        date: formatDate(locale, filter.from, WHEN),
      }),
    filter.to &&
      t('page.moderation.invalidation.filter_to', { date: formatDate(locale, filter.to, WHEN) }),
    filter.unconfirmed && t('page.moderation.invalidation.filter_unconfirmed'),
  ].filter(Boolean)
  return <>{parts.join(' · ')}</>
}
