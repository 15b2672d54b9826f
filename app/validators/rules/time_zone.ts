import vine from '@vinejs/vine'
import { DateTime, IANAZone } from 'luxon'
import type { FieldContext } from '@vinejs/vine/types'

/** Longer than any IANA zone name: not worth asking Intl about. */
const MAX_ZONE_LENGTH = 64

export function isTimeZone(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_ZONE_LENGTH && IANAZone.isValidZone(value)
}

/**
 * The calendar day it is now (YYYY-MM-DD) where the author is: in `zone`
 * when it names an IANA time zone, else in UTC. A day is "today" for the
 * author until their own midnight, wherever the server is.
 */
export function todayIn(zone: unknown): string {
  const now = DateTime.utc()
  return (isTimeZone(zone) ? now.setZone(zone) : now).toISODate()!
}

/** An IANA time zone (Europe/Kyiv, Pacific/Auckland); error key timeZone. */
export const timeZoneRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (!field.isValid) return
    if (!isTimeZone(value)) {
      field.report('Your device gave a time zone we do not know', 'timeZone', field)
    }
  }
)
