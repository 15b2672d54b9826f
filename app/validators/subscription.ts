import vine from '@vinejs/vine'

/** The footer's newsletter form. */
export const subscriptionValidator = vine.create({
  email: vine.string().trim().email().maxLength(254),
})
