import User, { ROLE_MEMBER, ROLE_UNVERIFIED } from '#models/user'
import { isLocale, DEFAULT_LOCALE } from '#app/i18n/locales'
import type { AllyUserContract, Oauth2AccessToken } from '@adonisjs/ally/types'
import { isUniqueViolation } from '#services/database_errors'

export const PROVIDERS = ['github', 'google'] as const
export type Provider = (typeof PROVIDERS)[number]

export function isProvider(value: unknown): value is Provider {
  return typeof value === 'string' && (PROVIDERS as readonly string[]).includes(value)
}

const idColumn = { github: 'githubId', google: 'googleId' } as const

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

export class UnverifiedProviderEmail extends Error {}
export class MissingProviderEmail extends Error {}

/**
 * The member behind a GitHub or Google sign-in: the account already linked
 * to that provider id; else the account with the same e-mail, linked only
 * when the provider vouches for the address; else a new member, verified
 * when the provider verified the address. When two callbacks for one person
 * race (a double click), the unique indexes let one create the account and
 * the other finds it.
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
  const column = idColumn[provider]
  const providerId = String(profile.id)
  const linked = await User.findBy(column, providerId)
  if (linked) return linked

  if (!profile.email) throw new MissingProviderEmail()
  const email = profile.email.trim().toLowerCase()
  const verifiedByProvider = profile.emailVerificationState === 'verified'
  const existing = await User.findBy('email', email)

  if (existing) {
    // Linking an account on an address nobody proved would hand it over.
    if (!verifiedByProvider) throw new UnverifiedProviderEmail()
    existing.merge({ [column]: providerId })
    if (existing.role === ROLE_UNVERIFIED) existing.role = ROLE_MEMBER
    if (!existing.avatar && profile.avatarUrl) existing.avatar = profile.avatarUrl
    await existing.save()
    return existing
  }

  return User.create({
    ...namesOf(provider, profile),
    email,
    password: null,
    avatar: profile.avatarUrl,
    role: verifiedByProvider ? ROLE_MEMBER : ROLE_UNVERIFIED,
    locale: isLocale(locale) ? locale : DEFAULT_LOCALE,
    [column]: providerId,
  })
}
