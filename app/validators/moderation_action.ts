import vine from '@vinejs/vine'
import { chosenFrom } from '#validators/rules/chosen'
import { HIDE_REASONS } from '#shared/moderation'

/** A moderator's action on a petition: always with a reason, for the audit trail and the owner. */
export const moderationActionValidator = vine.create({
  reason: vine.string().trim().minLength(3).maxLength(1000),
})

/**
 * Hiding a petition: a reason from the list, which the public and the owner
 * are told, and the moderator's own note for the log (optional).
 */
export const hidePetitionValidator = vine.create({
  reason: chosenFrom(HIDE_REASONS),
  note: vine.string().trim().maxLength(1000).optional(),
})

/** Redacting an earlier version of a petition's text: the reason shown in public in its place. */
export const redactVersionValidator = vine.create({
  reason: vine.string().trim().minLength(3).maxLength(1000),
})
