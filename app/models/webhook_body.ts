import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * The exact bytes of one webhook message, signed and sent as they are on
 * every try to every endpoint it goes to: stored once however many
 * deliveries name it.
 */
export default class WebhookBody extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare body: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
