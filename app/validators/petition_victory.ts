import vine from '@vinejs/vine'

/** Marks a petition a victory (true) or takes the mark back (false). */
export const petitionVictoryValidator = vine.create({
  victory: vine.boolean(),
})
