import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'

/**
 * A network the moderators blocked until `expiresAt`, by its keyed hash
 * (support/signer_traces), never by an address. Past its expiry it stops
 * applying on its own.
 */
export default class BlockedNetwork extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare networkHash: string

  @column()
  declare reason: string | null

  @column.dateTime()
  declare expiresAt: DateTime

  /** The moderator who blocked it; null once their account is deleted. */
  @column()
  declare createdBy: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => User, { foreignKey: 'createdBy' })
  declare creator: BelongsTo<typeof User>
}
