import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Petition from '#models/petition'
import User from '#models/user'

/** Why a petition is reported, as the report form offers it. */
export const REPORT_REASONS = ['spam', 'hate', 'misleading', 'personal_data', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

/** A visitor's report of a petition, open until a moderator acts on it or dismisses it. */
export default class PetitionReport extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare petitionId: number

  /** The member who reported it; null for a guest (or once the account is deleted). */
  @column()
  declare reporterId: number | null

  /** `user:{id}` or `guest:{keyed hash of the address}`: one open report each per petition. */
  @column({ serializeAs: null })
  declare reporterKey: string

  @column()
  declare reason: ReportReason

  @column()
  declare note: string | null

  /** The language of the site it was written on. */
  @column()
  declare locale: string

  @column.dateTime()
  declare resolvedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => Petition)
  declare petition: BelongsTo<typeof Petition>

  @belongsTo(() => User, { foreignKey: 'reporterId' })
  declare reporter: BelongsTo<typeof User>
}
