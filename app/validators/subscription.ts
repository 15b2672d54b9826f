import vine from '@vinejs/vine'

/** The footer's newsletter form (spec 5.5). */
export const subscriptionValidator = vine.create({
  email: vine.string().trim().email().maxLength(254),
})
