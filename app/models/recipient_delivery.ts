import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import LetterRecipient from '#models/letter_recipient'
import Petition from '#models/petition'

/**
 * A petition mailed to one of its recipients for one milestone: at most one
 * per recipient and milestone. Its mail's signed link answers the petition
 * once.
 */
export default class RecipientDelivery extends BaseModel {
  static table = 'recipient_deliveries'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare petitionId: number

  @column()
  declare letterRecipientId: number

  /** The count of confirmed supporters it was mailed for. */
  @column()
  declare milestone: number

  @column.dateTime()
  declare deliveredAt: DateTime

  /** When its mail left; null while it has not (the recipient is not told yet). */
  @column.dateTime()
  declare sentAt: DateTime | null

  /** When a mail that has not left is tried again. */
  @column.dateTime()
  declare mailDueAt: DateTime | null

  @column()
  declare mailAttempts: number

  /** When the recipient answered through this delivery's link; null: not yet. */
  @column.dateTime()
  declare answeredAt: DateTime | null

  @belongsTo(() => LetterRecipient)
  declare recipient: BelongsTo<typeof LetterRecipient>

  @belongsTo(() => Petition)
  declare petition: BelongsTo<typeof Petition>
}
