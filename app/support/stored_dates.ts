import { DateTime } from 'luxon'

/**
 * A timestamp read by a raw query, as the driver returns it (a Date on
 * PostgreSQL, text or a number on SQLite), in UTC; null for none.
 */
export function storedDateTime(value: unknown): DateTime | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone: 'utc' })
  if (typeof value === 'number') return DateTime.fromMillis(value, { zone: 'utc' })
  const text = String(value)
  const sql = DateTime.fromSQL(text, { zone: 'utc' })
  return sql.isValid ? sql : DateTime.fromISO(text, { zone: 'utc' })
}
