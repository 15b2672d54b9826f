import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import User, { ROLE_MEMBER, ROLE_UNVERIFIED } from '#models/user'
import VerifyEmailMail from '#mails/verify_email_mail'
import { site } from '#services/http/site'
import { isLocale, DEFAULT_LOCALE, type Locale } from '#app/i18n/locales'
import { isUniqueViolation } from '#services/database_errors'
import RefusedFieldsException from '#exceptions/refused_fields_exception'

type Registration = { firstName: string; lastName: string; email: string; password: string }

function localeOf(value: string): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE
}

/**
 * Creates an unverified member (role 0) and mails the verification link. The
 * unique index on the e-mail decides between two sign-ups racing with one
 * address: the second gets the e-mail field's usual "already registered".
 */
export async function registerMember(input: Registration, locale: string) {
  // In its own transaction (a savepoint inside an outer one), so that a
  // refused insert leaves any surrounding transaction usable on PostgreSQL.
  const user = await db
    .transaction((trx) =>
      User.create(
        {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          password: input.password,
          role: ROLE_UNVERIFIED,
          locale: localeOf(locale),
        },
        { client: trx }
      )
    )
    .catch((error) => {
      if (!isUniqueViolation(error)) throw error
      throw new RefusedFieldsException([{ field: 'email', rule: 'database.unique' }])
    })
  await sendVerificationMail(user, locale)
  return user
}

/**
 * Mails a signed link, valid 24 hours, in the language of the page where the
 * member acted. The link names the address it verifies, so it stops working
 * if the address changes.
 */
export async function sendVerificationMail(user: User, locale: string) {
  const verifyUrl = signedUrlFor(
    'auth.verify',
    { id: user.id },
    {
      prefixUrl: site.urlFor(localeOf(locale)),
      expiresIn: '24h',
      purpose: `verify-email:${user.email}`,
    }
  )
  await mail.sendLater(new VerifyEmailMail(user, locale, verifyUrl))
}

/** Sets role 1 once; a moderator keeps their role. */
export async function markVerified(user: User) {
  if (user.role === ROLE_UNVERIFIED) {
    user.role = ROLE_MEMBER
    await user.save()
  }
  return user
}
