/**
 * Formats an ISO date in the page's language. The time zone is pinned to UTC
 * so that the server's render and the browser's hydration print the same day.
 */
export function formatDate(
  locale: string,
  iso: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }
): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(date)
}
