import { DateTime } from 'luxon'
import type { IdentityClaims } from '#shared/identity'
import { identityClaimsColumn } from '#models/identity_claims_column'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Petition from '#models/petition'
import User from '#models/user'
import type { BlockedRule } from '#shared/fraud/signing_rules'

export const SUPPORT = 1
export const OPPOSE = -1

export default class Signature extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare petitionId: number

  @column()
  declare userId: number | null

  @column()
  declare firstName: string

  @column()
  declare lastName: string

  @column()
  declare email: string

  @column()
  declare emailNormalized: string

  @column()
  declare comment: string | null

  @column({ consume: Boolean })
  declare private: boolean

  @column()
  declare score: number

  @column({ consume: Boolean })
  declare active: boolean

  /** Custom field id → value, stored as JSON text on every database. */
  @column({
    prepare: (value: Record<string, string> | null) => (value ? JSON.stringify(value) : null),
    consume: (value: string | Record<string, string> | null) =>
      typeof value === 'string' ? JSON.parse(value) : (value ?? {}),
  })
  declare customFieldsData: Record<string, string>

  @column()
  declare locale: string

  /** ISO 3166-1 alpha-2, as chosen on the form; null for signatures from before it asked. */
  @column()
  declare country: string | null

  /** What the commitment of its leaves in the transparency log hashes: its signer's receipt, never public. */
  @column({ serializeAs: null })
  declare receiptSecret: string | null

  /** As typed, when the petition asks for it: only its owner ever sees it. */
  @column()
  declare postalCode: string | null

  /** A keyed hash of the signer's network (support/signer_traces), for the fraud checks only. */
  @column({ serializeAs: null })
  declare networkHash: string | null

  /** The e-mail's domain, lower-cased, for the fraud checks only. */
  @column({ serializeAs: null })
  declare emailDomain: string | null

  /** The moderators' bulk invalidation that took it out of the counts; null normally. */
  @column()
  declare invalidationId: number | null
  /**
   * The moderators' rule that stopped it at signing (shared/fraud/signing_rules
   * BLOCKED_RULES); null normally. A stopped signature is inactive and never
   * counts, and its owner cannot reactivate it. For moderators only.
   */
  @column({ serializeAs: null })
  declare blockedRule: BlockedRule | null

  /** The signer asked to be mailed the petition's updates and responses. */
  @column({ consume: Boolean })
  declare wantsUpdates: boolean

  /**
   * Where it came from: a `?source=` code of the petition's address, a share
   * button, the embed widget, or the API token that recorded it; null when
   * none was known. Its owner sees it.
   */
  @column()
  declare source: string | null

  /** When the signer agreed to be contacted by the petition's owner about it; null when not. */
  @column.dateTime()
  declare contactConsentAt: DateTime | null

  /** The words of that agreement as the signer saw them, in their language. */
  @column()
  declare contactConsentText: string | null

  /** The key of the identity provider that verified its signer; null: not verified. Kept when anonymised. */
  @column()
  declare identityProvider: string | null

  /** The keyed hash that stands for the verified person (unique per petition); cleared when anonymised. */
  @column({ serializeAs: null })
  declare identityHash: string | null

  /** The claims the petition asks for, as the provider asserted them; cleared when anonymised. */
  @column(identityClaimsColumn)
  declare identityClaims: IdentityClaims | null

  @column.dateTime()
  declare confirmedAt: DateTime | null

  /**
   * The signer's secret, which the mailed confirmation and withdraw links are
   * signed for: a new one on every replacement, so that only the latest
   * signer's links act. Null on rows older than it, and once anonymised.
   */
  @column({ serializeAs: null })
  declare confirmationToken: string | null

  /** Since when its mail (the confirmation link, or the notice that it counts) waits to be sent; null once sent. */
  @column.dateTime({ serializeAs: null })
  declare linkMailDueAt: DateTime | null

  @column({ serializeAs: null })
  declare linkMailAttempts: number

  /**
   * When its mailbox was last told that the address signed the petition
   * again (at most once a day); while set, a confirmed signature's due mail
   * is that notice.
   */
  @column.dateTime({ serializeAs: null })
  declare signedAgainAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  @belongsTo(() => Petition)
  declare petition: BelongsTo<typeof Petition>

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>
}
