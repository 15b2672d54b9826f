import vine from '@vinejs/vine'
import { turnstileToken } from '#validators/rules/turnstile'

/** The contact form. */
export const contactValidator = vine.create({
  name: vine.string().trim().minLength(3).maxLength(100),
  email: vine.string().trim().email().maxLength(254),
  subject: vine.string().trim().minLength(10).maxLength(200),
  message: vine.string().trim().minLength(20).maxLength(5000),
  cfTurnstileResponse: turnstileToken('contact-us'),
})
