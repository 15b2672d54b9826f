import { DateTime } from 'luxon'
import type { IdentityClaims } from '#shared/identity'
import { identityClaimsColumn } from '#models/identity_claims_column'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, beforeCreate, beforeSave, column } from '@adonisjs/lucid/orm'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import { API_TOKEN_MAX_DAYS, API_TOKEN_PREFIX } from '#shared/api_access'
import { normalizeEmail } from '#support/email_normalizer'
import { ApiTokensProvider } from '#models/api_tokens_provider'
import { PROVIDERS, type Provider } from '#config/ally'

const AuthFinder = withAuthFinder(() => hash.use('scrypt'), {
  uids: ['email'],
  passwordColumnName: 'password',
})

/** The column that holds each provider's id of the account. */
export const PROVIDER_ID_COLUMNS = { github: 'githubId', google: 'googleId' } as const

export const ROLE_UNVERIFIED = 0
export const ROLE_MEMBER = 1
export const ROLE_MODERATOR = 2

export default class User extends compose(BaseModel, AuthFinder) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare firstName: string

  @column()
  declare lastName: string | null

  @column()
  declare nickName: string | null

  @column()
  declare email: string

  /** The mailbox the e-mail reaches (unique: one account per mailbox); null only on
   * accounts that shared a mailbox with an older one before that rule. */
  @column({ serializeAs: null })
  declare emailNormalized: string | null

  @column({ serializeAs: null })
  declare password: string | null

  /** The address the member asked to move to, until the link mailed to it is followed. */
  @column()
  declare pendingEmail: string | null

  /**
   * The version every account link mailed to the member is signed for:
   * raising it voids them all (see services/accounts/mailbox_proof).
   */
  @column({ serializeAs: null })
  declare accountLinksVersion: number

  @column()
  declare avatar: string | null

  @column()
  declare role: number

  @column()
  declare signaturesCount: number

  @column()
  declare locale: string

  @column({ serializeAs: null })
  declare githubId: string | null

  @column({ serializeAs: null })
  declare googleId: string | null

  /**
   * The member's API tokens: only a hash of each secret is kept, and each
   * starts with `ust_` so that secret scanners recognise a leaked one. Its
   * last use moves only on a request the token authenticated.
   */
  static apiTokens = new ApiTokensProvider({
    tokenableModel: User,
    prefix: API_TOKEN_PREFIX,
    table: 'api_tokens',
    type: 'api_token',
    expiresIn: `${API_TOKEN_MAX_DAYS} days`,
  })

  /** The provider of the identity the member linked to their account (once); null: none. */
  @column()
  declare identityProvider: string | null

  /** That identity's keyed hash (unique across accounts); cleared with the account. */
  @column({ serializeAs: null })
  declare identityHash: string | null

  /** The claims the provider asserted when it was linked. */
  @column(identityClaimsColumn)
  declare identityClaims: IdentityClaims | null

  @column.dateTime()
  declare identityLinkedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  /**
   * An account made through GitHub or Google has no password: a password
   * login to it fails as a wrong password does, after the same hashing work,
   * so that neither the answer nor its time tells such accounts apart.
   */
  async verifyPassword(plainPassword: string) {
    if (!this.password) {
      await hash.use('scrypt').make(plainPassword)
      return false
    }
    return super.verifyPassword(plainPassword)
  }

  /** The providers linked to the account (never their ids). */
  get linkedProviders(): Provider[] {
    return PROVIDERS.filter((provider) => Boolean(this[PROVIDER_ID_COLUMNS[provider]]))
  }

  get isVerified() {
    return this.role !== ROLE_UNVERIFIED
  }

  get fullName() {
    return [this.firstName, this.lastName].filter(Boolean).join(' ')
  }

  /** The column's default, known to the model at once: a link signed for a new account uses it. */
  @beforeCreate()
  static startLinkVersion(user: User) {
    user.accountLinksVersion ??= 0
  }

  @beforeSave()
  static normaliseEmail(user: User) {
    if (user.$dirty.email) {
      user.email = user.email.trim().toLowerCase()
      user.emailNormalized = normalizeEmail(user.email)
    }
  }
}
