import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'

/**
 * A domain the moderators exempted from the kept list of disposable-mail
 * domains: its signers, and its sub-domains', sign and count normally.
 */
export default class DisposableDomainExemption extends BaseModel {
  static table = 'disposable_domain_exemptions'

  @column({ isPrimary: true })
  declare id: number

  /** Lower-case, as shared/fraud/signing_rules normalizeDomain keeps it. */
  @column()
  declare domain: string

  @column()
  declare reason: string

  /** The moderator who exempted it; null once their account is deleted. */
  @column()
  declare createdBy: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => User, { foreignKey: 'createdBy' })
  declare creator: BelongsTo<typeof User>
}
