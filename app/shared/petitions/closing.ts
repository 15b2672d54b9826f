/**
 * A petition's closing date, shared by the server and the pages: keep this
 * file free of server imports.
 *
 * The owner picks a day (YYYY-MM-DD); the petition is open until the end of
 * that day in UTC, so `closes_at` holds the next day's midnight UTC: the
 * first moment it is closed ("open until 31 March" closes at
 * 1 April 00:00 UTC). Days are calendar days in UTC everywhere, so the
 * server's render and the browser's hydration name the same day.
 */

/** The earliest day an owner may pick: tomorrow. */
export const CLOSING_MIN_DAYS_AHEAD = 1
/** The latest: the same day 12 months on. */
export const CLOSING_MAX_MONTHS_AHEAD = 12

const DAY_MS = 86_400_000
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export function utcDay(instant: Date | number | string): string {
  return new Date(instant).toISOString().slice(0, 10)
}

/** Whether a text is a real calendar day written YYYY-MM-DD (no 2027-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value)
  if (!match) return false
  const [year, month, day] = match.slice(1).map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    year >= 1000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  )
}

export function addDays(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS)
}

/** The same day `months` later; the 31st becomes the last day of a shorter month, 29 Feb 28 Feb. */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number)
  const target = new Date(Date.UTC(year, month - 1 + months, 1))
  const lastOfMonth = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)
  ).getUTCDate()
  target.setUTCDate(Math.min(date, lastOfMonth))
  return utcDay(target)
}

/** The first and last day an owner may pick now, both included. */
export function closingDateBounds(now: number = Date.now()) {
  const today = utcDay(now)
  return {
    min: addDays(today, CLOSING_MIN_DAYS_AHEAD),
    max: addMonths(today, CLOSING_MAX_MONTHS_AHEAD),
  }
}

/** The moment a petition open until the end of `day` closes: the next midnight UTC. */
export function closingMomentOf(day: string): Date {
  return new Date(Date.parse(`${addDays(day, 1)}T00:00:00Z`))
}

/** The last day a petition was (or is) open, from the moment it closes (or closed). */
export function lastOpenDay(closedAt: string | Date): string {
  return utcDay(new Date(closedAt).getTime() - 1)
}

/** Days from today (UTC) to `day`: 0 today, 1 tomorrow. */
export function daysUntil(day: string, now: number = Date.now()): number {
  return Math.round(
    (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${utcDay(now)}T00:00:00Z`)) / DAY_MS
  )
}
