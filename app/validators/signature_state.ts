import vine from '@vinejs/vine'

/** PATCH /petition/{guid}/signatures/{id} (spec 7.2): the owner's remove / OK. */
export const signatureStateValidator = vine.create({
  active: vine.boolean(),
})
