import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import type { PaperBatchStatus } from '#shared/petitions/paper'

/**
 * Signatures collected on paper, recorded by the petition's owner as one
 * number with where and when, and the photo of the sheets (private: it
 * shows the signers' names). They count only once a moderator verified the
 * batch; they never become rows of `signatures`.
 */
export default class PaperSignatureBatch extends BaseModel {
  static table = 'paper_signature_batches'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare petitionId: number

  /** The member who recorded it; null once their account is gone. */
  @column()
  declare recordedBy: number | null

  @column()
  declare signatures: number

  /** Where they were collected (a market, a town), as the owner wrote it. */
  @column()
  declare place: string

  @column.date()
  declare collectedOn: DateTime

  /** The photo's key on the private disk; null once erased. */
  @column({ serializeAs: null })
  declare photoPath: string | null

  @column()
  declare status: PaperBatchStatus

  /** The moderator's reason for the decision; required for a rejection. */
  @column()
  declare decisionReason: string | null

  @column()
  declare decidedBy: number | null

  @column.dateTime()
  declare decidedAt: DateTime | null

  @belongsTo(() => User, { foreignKey: 'decidedBy' })
  declare decider: BelongsTo<typeof User>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
