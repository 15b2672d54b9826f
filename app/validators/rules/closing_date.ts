import vine from '@vinejs/vine'
import { DateTime } from 'luxon'
import type { FieldContext } from '@vinejs/vine/types'
import { closingDateBounds, isCalendarDate } from '#shared/petitions/closing'

/**
 * A petition's closing date (YYYY-MM-DD, a UTC calendar day): from tomorrow
 * to 12 months on, both included. The date the petition already has passes
 * unchanged (`meta.currentClosingDate`), so that an owner can fix a typo the
 * day before it closes, or reopen a petition whose date has passed (the
 * writer then drops that date). Error keys: closingDate.date,
 * closingDate.tooSoon, closingDate.tooLate.
 */
export const closingDateRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    // Empty: the owner cleared the date.
    if (typeof value !== 'string' || value === '' || !field.isValid) return
    if (!isCalendarDate(value)) {
      field.report('Please enter a valid date', 'date', field)
      return
    }
    if (value === field.meta.currentClosingDate) return
    const { min, max } = closingDateBounds(DateTime.utc().toMillis())
    if (value < min) {
      field.report('The closing date must be tomorrow or later', 'closingDate.tooSoon', field)
    } else if (value > max) {
      field.report(
        'The closing date can be at most 12 months from today',
        'closingDate.tooLate',
        field
      )
    }
  }
)
