import vine from '@vinejs/vine'
import { newPassword, passwordConfirmation } from '#validators/rules/password'
import { normalizeEmail } from '#support/email_normalizer'
import { turnstileToken } from '#validators/rules/turnstile'

const email = () => vine.string().trim().email().maxLength(254)

/**
 * Auth/Registration. One account per mailbox: the e-mail is
 * refused when another spelling of it (case, dots of Gmail, a +tag) is taken.
 */
export const signupValidator = vine.create({
  firstName: vine.string().trim().minLength(1).maxLength(100),
  lastName: vine.string().trim().minLength(1).maxLength(100),
  email: email().unique(async (db, value) => {
    const taken = await db
      .from('users')
      .where('email_normalized', normalizeEmail(value))
      .orWhere('email', value.trim().toLowerCase())
      .first()
    return !taken
  }),
  password: newPassword(),
  password_confirmation: passwordConfirmation(),
  cfTurnstileResponse: turnstileToken('signup'),
})

/**
 * Auth/Login. The bot-check token is checked by the login itself,
 * only when the account has had many failed logins.
 */
export const loginValidator = vine.create({
  email: email(),
  password: vine.string().maxLength(128),
  cfTurnstileResponse: vine.string().maxLength(2048).optional(),
})

/** Auth/ForgetPassword. */
export const forgotPasswordValidator = vine.create({
  email: email(),
})

/** Auth/PasswordReset. */
export const resetPasswordValidator = vine.create({
  token: vine.string().trim().maxLength(200),
  email: email(),
  password: newPassword(),
  password_confirmation: passwordConfirmation(),
})

/**
 * Auth/VerifyEmail, the page of the mailed verification link: the holder of
 * the address says whether the account is theirs.
 */
export const verificationAnswerValidator = vine.create({
  answer: vine.enum(['verify', 'not_me']),
})
