import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** One try at sending a delivery: what the owner's delivery log lists. */
export default class WebhookAttempt extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare deliveryId: number

  @column.dateTime()
  declare attemptedAt: DateTime

  /** The receiver's HTTP status; null when no answer came (refused, timed out, not allowed). */
  @column()
  declare statusCode: number | null

  @column()
  declare durationMs: number

  /** Why no answer came, in a few words (never the receiver's body). */
  @column()
  declare error: string | null
}
