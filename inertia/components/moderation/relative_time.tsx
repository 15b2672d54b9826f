import { useState } from 'react'

/**
 * A moment as "in 3 hours" or "2 days ago", in the page's language, with
 * its date and time beside it for the exact reading. The relative part
 * depends on the clock, so the browser's may differ from the server's.
 */
export default function RelativeTime({ iso, locale }: { iso: string; locale: string }) {
  // The clock as the page was drawn: a re-render does not move it.
  const [now] = useState(() => Date.now())
  const date = new Date(iso)
  const seconds = Math.round((date.getTime() - now) / 1000)
  const [value, unit] = relativeUnit(seconds)
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(value, unit)
  const absolute = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date)
  return (
    <span suppressHydrationWarning>
      {relative} (<time dateTime={iso}>{absolute} UTC</time>)
    </span>
  )
}

function relativeUnit(seconds: number): [number, Intl.RelativeTimeFormatUnit] {
  const size = Math.abs(seconds)
  if (size < 3600) return [Math.round(seconds / 60), 'minute']
  if (size < 86_400) return [Math.round(seconds / 3600), 'hour']
  return [Math.round(seconds / 86_400), 'day']
}
