import db from '@adonisjs/lucid/services/db'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import User, { ROLE_MEMBER, ROLE_UNVERIFIED } from '#models/user'
import VerifyEmailMail from '#mails/verify_email_mail'
import { site } from '#config/site'
import { isLocale, DEFAULT_LOCALE, type Locale } from '#app/i18n/locales'
import { isUniqueViolation } from '#support/database_errors'
import RefusedFieldsException from '#exceptions/refused_fields_exception'
import { accountOfLink, voidEarlierClaims } from '#services/accounts/mailbox_proof'
import { endOtherSessions } from '#services/accounts/sessions'
import { deleteAccount } from '#services/accounts/deletion'
import type { SignedFor } from '#support/http/signed_links'
import SendMailJob from '#jobs/send_mail_job'

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
      purpose: verificationPurpose(user),
    }
  )
  await SendMailJob.dispatchMails([new VerifyEmailMail(user, locale, verifyUrl)])
}

/** What a verification link is signed for: this account at this address. */
function verificationPurpose(user: User) {
  return `verify-email:${user.email}`
}

/** The account a mailed verification link is for, when it is valid: signed, unexpired, same address. */
export function accountOfVerificationLink(userId: number, signed: SignedFor) {
  return accountOfLink(userId, verificationPurpose, signed)
}

/**
 * The mailed link's "Verify my account": role 1, and, as any proof of the
 * mailbox, the end of what was started before it (a pending move to another
 * address, earlier account links, every other session). Null when there is
 * nothing to verify any more: the account is gone, moved to another address
 * or verified already.
 */
export async function verifyMailbox(user: User, keepSessionId: string | null) {
  const verified = await db.transaction(async (trx) => {
    const member = await User.query({ client: trx }).where('id', user.id).forUpdate().first()
    if (!member || member.email !== user.email || member.isVerified) return null
    member.role = ROLE_MEMBER
    voidEarlierClaims(member)
    await member.useTransaction(trx).save()
    return member
  })
  if (verified) await endOtherSessions(verified, keepSessionId)
  return verified
}

/**
 * The mailed link's "I did not sign up": someone registered this address
 * without its owner. The account goes, as long as nobody has proved the
 * mailbox since, with its sessions, and the address is told nothing more.
 */
export async function declineSignUp(user: User, locale: string) {
  return deleteAccount(user, locale, { onlyIfUnverified: true, farewellMail: false })
}
