import { useState } from 'react'
import type { Data } from '@generated/data'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import { daysUntil, lastOpenDay } from '@app/shared/petitions/closing.ts'

type Closing = Pick<Data.PetitionCard, 'closesAt' | 'closedAt' | 'totalSignatures'>

/**
 * Where a petition with a closing date stands: "Closes in N days" while
 * open, "Closed on {date} with N signatures" once closed (by its date or by
 * its owner). Days are UTC calendar days, as the owner picked them, so that
 * the server's render and the browser's read the same.
 */
export function useClosingText(petition: Closing) {
  const { t, locale } = useTranslation()
  // The moment the page was shown: a render repeated later reads the same.
  const [now] = useState(() => Date.now())
  const passed = petition.closesAt !== null && Date.parse(petition.closesAt) <= now
  const closedAt = petition.closedAt ?? (passed ? petition.closesAt : null)
  const dayText = (day: string) => formatDate(locale, `${day}T00:00:00Z`)
  if (closedAt) {
    return {
      closed: true,
      text: t('page.closing.closed_on', {
        date: dayText(lastOpenDay(closedAt)),
        count: petition.totalSignatures,
      }),
      detail: null,
    }
  }
  if (!petition.closesAt) return null
  const lastDay = lastOpenDay(petition.closesAt)
  return {
    closed: false,
    text: t('page.closing.closes_in', { days: Math.max(0, daysUntil(lastDay, now)) }),
    detail: t('page.closing.open_until', { date: dayText(lastDay) }),
  }
}

/** The closing line of a petition card or page; nothing for an open petition without a date. */
export default function ClosingNote({
  petition,
  className = '',
  withDetail = false,
}: {
  petition: Closing
  className?: string
  withDetail?: boolean
}) {
  const closing = useClosingText(petition)
  if (!closing) return null
  return (
    <p className={className} data-testid="closing-note" data-closed={closing.closed}>
      <span className="fw-semibold">{closing.text}</span>
      {withDetail && closing.detail && <span className="d-block small">{closing.detail}</span>}
    </p>
  )
}
