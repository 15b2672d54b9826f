import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'

/**
 * The form's `finished` switch: a petition a moderator closed
 * (`meta.closedByModerator`) cannot be reopened through the form, by its
 * owner or by anyone; a moderator reopens it with the audited action of the
 * moderation pages. Error key: finished.closedByModerator.
 */
export const closedByModeratorRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (value !== false || !field.meta.closedByModerator) return
    field.report(
      'A moderator closed this petition: only a moderator can reopen it',
      'finished.closedByModerator',
      field
    )
  }
)
