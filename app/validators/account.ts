import vine from '@vinejs/vine'
import { newPassword, passwordConfirmation } from '#validators/rules/password'

/** A password the member types to prove it is them: checked by the service, not here. */
const currentPassword = () => vine.string().maxLength(128)

/** A name part the member may leave empty (stored as null). */
const optionalName = () => vine.string().trim().maxLength(100).nullable().optional()

/** My/Account, "Your name". */
export const profileValidator = vine.create({
  firstName: vine.string().trim().minLength(1).maxLength(100),
  lastName: optionalName(),
  nickName: optionalName(),
})

/** My/Account, "Password", for an account that has one. */
export const passwordChangeValidator = vine.create({
  currentPassword: currentPassword(),
  password: newPassword(),
  password_confirmation: passwordConfirmation(),
})

/**
 * My/Account, "E-mail address". Only its form is checked here: whether
 * another account holds the address is the service's to decide, after the
 * current password, and never told to whoever asks.
 */
export const emailChangeValidator = vine.create({
  email: vine.string().trim().email().maxLength(254),
  currentPassword: currentPassword().optional(),
})

/** My/Account, "Delete my account", for an account that has a password. */
export const accountDeletionValidator = vine.create({
  currentPassword: currentPassword(),
  understood: vine.accepted(),
})
