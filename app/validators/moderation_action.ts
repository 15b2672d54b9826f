import vine from '@vinejs/vine'

/** A moderator's action on a petition: always with a reason, for the audit trail and the owner. */
export const moderationActionValidator = vine.create({
  reason: vine.string().trim().minLength(3).maxLength(1000),
})
