import vine from '@vinejs/vine'
import { newPassword, passwordConfirmation } from '#validators/rules/password'
import { normalizeEmail } from '#services/mail/email_normalizer'

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
 * My/Account, "E-mail address". One account per mailbox: refused when
 * another account holds any spelling of the address (case, Gmail's dots, a
 * +tag). The member's own mailbox under another spelling is theirs to take.
 * `meta.userId` is the member. The current password is checked by the
 * service, which first refuses an account that has none.
 */
export const emailChangeValidator = vine.withMetaData<{ userId: number }>().create({
  email: vine
    .string()
    .trim()
    .email()
    .maxLength(254)
    .unique(async (db, value, field) => {
      const taken = await db
        .from('users')
        .whereNot('id', field.meta.userId)
        .where((query) =>
          query
            .where('email_normalized', normalizeEmail(value))
            .orWhere('email', value.trim().toLowerCase())
        )
        .first()
      return !taken
    }),
  currentPassword: currentPassword().optional(),
})

/** My/Account, "Delete my account", for an account that has a password. */
export const accountDeletionValidator = vine.create({
  currentPassword: currentPassword(),
  understood: vine.accepted(),
})
