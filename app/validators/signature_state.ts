import vine from '@vinejs/vine'

/** PATCH /petition/{guid}/signatures/{id}: the owner's remove / OK. */
export const signatureStateValidator = vine.create({
  active: vine.boolean(),
})
