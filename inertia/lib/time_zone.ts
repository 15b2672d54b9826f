/** The member's IANA time zone (Europe/Kyiv), when the browser tells it. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || undefined

/** Today in the member's own calendar (YYYY-MM-DD), the day the server checks dates against. */
export function localDay(now = new Date()) {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}
