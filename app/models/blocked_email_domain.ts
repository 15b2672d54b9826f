import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'

/** An e-mail domain the moderators blocked: its signatures, and its sub-domains', never count. */
export default class BlockedEmailDomain extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  /** Lower-case, as shared/fraud/signing_rules normalizeDomain keeps it. */
  @column()
  declare domain: string

  @column()
  declare reason: string | null

  /** The moderator who blocked it; null once their account is deleted. */
  @column()
  declare createdBy: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => User, { foreignKey: 'createdBy' })
  declare creator: BelongsTo<typeof User>
}
