import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { SigningGroupKind } from '#shared/fraud/unusual_signing'

/**
 * A petition whose signing looked unusual in one hour: the network (its
 * keyed hash, never an address) or e-mail domain that gave too many of its
 * signatures. It keeps the petition first in the moderators' queue until a
 * moderator acts on it.
 */
export default class SigningAlert extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare petitionId: number

  /** Whole hours since 1970 (UTC): one alert per petition and hour. */
  @column()
  declare hour: number

  @column()
  declare kind: SigningGroupKind

  @column()
  declare subject: string

  @column()
  declare signatures: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime()
  declare resolvedAt: DateTime | null

  @column()
  declare resolvedBy: number | null
}
