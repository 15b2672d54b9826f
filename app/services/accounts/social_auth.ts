import { urlFor } from '@adonisjs/core/services/url_builder'
import User, { PROVIDER_ID_COLUMNS, ROLE_MEMBER, ROLE_UNVERIFIED } from '#models/user'
import type { Provider } from '#config/ally'
import { isLocale, DEFAULT_LOCALE } from '#app/i18n/locales'
import type { AllyUserContract, Oauth2AccessToken } from '@adonisjs/ally/types'
import { isUniqueViolation } from '#support/database_errors'
import { normalizeEmail } from '#support/email_normalizer'
import { endAllSessions } from '#services/accounts/sessions'
import { voidEarlierClaims } from '#services/accounts/mailbox_proof'
import { site } from '#config/site'
import ProviderLinkedMail from '#mails/provider_linked_mail'
import SendMailJob from '#jobs/send_mail_job'

/** First and last name: Google gives both; GitHub one "name" (or only a login). */
function namesOf(provider: Provider, profile: AllyUserContract<Oauth2AccessToken>) {
  const original = (profile.original ?? {}) as Record<string, unknown>
  if (provider === 'google' && typeof original.given_name === 'string') {
    return {
      firstName: original.given_name,
      lastName: typeof original.family_name === 'string' ? original.family_name : null,
    }
  }
  const full = (profile.name || profile.nickName || '').trim()
  const [firstName, ...rest] = full.split(/\s+/)
  return { firstName: firstName || profile.nickName || 'Member', lastName: rest.join(' ') || null }
}

/** A sign-in the provider's answer does not allow; `reason` is the message's translation key. */
export class ProviderSignInRefused extends Error {
  constructor(readonly reason: string) {
    super(reason)
  }
}

/**
 * Why the provider's redirect back carries no sign-in: the member said no,
 * or the request is not the one this site started. Null when it does.
 */
export function providerRefusal(provider: {
  accessDenied(): boolean
  stateMisMatch(): boolean
  hasError(): boolean
}) {
  if (provider.accessDenied()) return 'page.auth.provider_denied'
  if (provider.stateMisMatch() || provider.hasError()) return 'page.auth.provider_error'
  return null
}

/**
 * The member behind a GitHub or Google sign-in: the account already linked
 * to that provider id; else the account with the same e-mail, linked only
 * when the provider vouches for the address; else a new, verified member,
 * only when the provider vouches for the address. When two callbacks for one
 * person race (a double click), the unique indexes let one create the
 * account and the other finds it.
 */
export async function memberFromProvider(
  provider: Provider,
  profile: AllyUserContract<Oauth2AccessToken>,
  locale: string
) {
  try {
    return await findOrCreateMember(provider, profile, locale)
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    return findOrCreateMember(provider, profile, locale)
  }
}

async function findOrCreateMember(
  provider: Provider,
  profile: AllyUserContract<Oauth2AccessToken>,
  locale: string
) {
  const column = PROVIDER_ID_COLUMNS[provider]
  const providerId = String(profile.id)
  const linked = await User.findBy(column, providerId)
  if (linked) return linked

  if (!profile.email) throw new ProviderSignInRefused('page.auth.provider_email_missing')
  // An address nobody proved neither opens an account nor makes one.
  if (profile.emailVerificationState !== 'verified') {
    throw new ProviderSignInRefused('page.auth.provider_email_unverified')
  }
  const email = profile.email.trim().toLowerCase()
  // The second lookup also finds an account a racing callback just created.
  const existing =
    (await User.findBy('email', email)) ??
    (await User.findBy('emailNormalized', normalizeEmail(email)))
  if (existing) {
    // Another spelling of the address (a +tag, Gmail's dots) already has an account.
    if (existing.email !== email)
      throw new ProviderSignInRefused('page.auth.provider_mailbox_taken')
    return linkProvider(existing, provider, profile, locale)
  }
  return User.create({
    ...namesOf(provider, profile),
    email,
    password: null,
    avatar: profile.avatarUrl,
    role: ROLE_MEMBER,
    locale: isLocale(locale) ? locale : DEFAULT_LOCALE,
    [column]: providerId,
  })
}

/**
 * Links a provider that vouches for the account's address. That proves the
 * mailbox: what was started on the account before (a pending move to
 * another address, account links) ends, and so does every session, before
 * the caller logs this browser in. An unverified account may have been
 * registered by someone else on that address before its owner came: its
 * password and earlier provider links are cleared too, so whoever made it
 * loses it, and the owner is told by mail how to set a password.
 */
async function linkProvider(
  user: User,
  provider: Provider,
  profile: AllyUserContract<Oauth2AccessToken>,
  locale: string
) {
  const unproven = user.role === ROLE_UNVERIFIED
  if (unproven) {
    // A provider linked before came with an address it did not vouch for.
    user.merge({ githubId: null, googleId: null, password: null, role: ROLE_MEMBER })
  }
  user.merge({ [PROVIDER_ID_COLUMNS[provider]]: String(profile.id) })
  if (!user.avatar && profile.avatarUrl) user.avatar = profile.avatarUrl
  voidEarlierClaims(user)
  await user.save()
  await endAllSessions(user)
  if (!unproven) return user

  const mailLocale = isLocale(locale) ? locale : DEFAULT_LOCALE
  const resetPageUrl = urlFor('auth.password.request', {}, { prefixUrl: site.urlFor(mailLocale) })
  await SendMailJob.dispatchMails([
    new ProviderLinkedMail(user, mailLocale, provider, resetPageUrl),
  ])
  return user
}

/** The member has no password: without a provider they could not log in any more. */
export class UnlinkWouldLockOut extends Error {}

/**
 * Unlinks GitHub or Google from an account. Only an account with a password
 * may: a member who signs in through a provider alone would have no way in
 * left.
 */
export async function unlinkProvider(user: User, provider: Provider) {
  if (!user.password) throw new UnlinkWouldLockOut()
  user.merge({ [PROVIDER_ID_COLUMNS[provider]]: null })
  await user.save()
  return user
}
