import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import WebhookAttempt from '#models/webhook_attempt'
import WebhookBody from '#models/webhook_body'

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed'

/**
 * One message to one endpoint: its `webhook-id` (`messageId`) and body stay
 * the same on every retry and on "send again", so that a receiver can drop
 * what it has already seen.
 */
export default class WebhookDelivery extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare endpointId: number

  @column()
  declare messageId: string

  /** A WebhookEvent, or `webhook.test`. */
  @column()
  declare event: string

  /** The exact JSON body signed and sent, shared by the message's deliveries to other endpoints. */
  @column()
  declare bodyId: number

  @belongsTo(() => WebhookBody, { foreignKey: 'bodyId' })
  declare body: BelongsTo<typeof WebhookBody>

  @column()
  declare status: WebhookDeliveryStatus

  @column()
  declare attempts: number

  @column.dateTime()
  declare nextAttemptAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime()
  declare deliveredAt: DateTime | null

  @hasMany(() => WebhookAttempt, { foreignKey: 'deliveryId' })
  declare tries: HasMany<typeof WebhookAttempt>
}
