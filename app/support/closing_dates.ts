import { DateTime } from 'luxon'
import { closingMomentOf, lastOpenDay } from '#shared/petitions/closing'

/** The day a petition is open until, as the form shows it (YYYY-MM-DD), or null. */
export function closingDateOf(petition: { closesAt: DateTime | null } | null): string | null {
  return petition?.closesAt ? lastOpenDay(petition.closesAt.toJSDate()) : null
}

/** `closes_at` for the day the form sent; empty or missing: none. */
export function closesAtFor(closingDate: string | null | undefined): DateTime | null {
  if (!closingDate) return null
  return DateTime.fromJSDate(closingMomentOf(closingDate), { zone: 'utc' })
}
