import { DateTime } from 'luxon'
import encryption from '@adonisjs/core/services/encryption'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import type { WebhookEvent } from '#shared/webhook_events'
import WebhookDelivery from '#models/webhook_delivery'

const SECRET_PURPOSE = 'webhook-secret'

/**
 * Where a petition's events are sent, signed with its secret as the
 * Standard Webhooks specification says. The secret (`whsec_…`) is shown to
 * the owner once and kept encrypted with the app's key: whoever reads the
 * table cannot sign as the site.
 */
export default class WebhookEndpoint extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare petitionId: number

  @column()
  declare url: string

  @column({
    prepare: (events: WebhookEvent[]) => JSON.stringify(events),
    consume: (value: string | WebhookEvent[]) =>
      typeof value === 'string' ? JSON.parse(value) : value,
  })
  declare events: WebhookEvent[]

  @column({
    serializeAs: null,
    prepare: (secret: string) => encryption.encrypt(secret, undefined, SECRET_PURPOSE),
    consume: (sealed: string) => encryption.decrypt<string>(sealed, SECRET_PURPOSE) ?? '',
  })
  declare secret: string

  /** Since when every try failed; null while it answers. */
  @column.dateTime()
  declare failingSince: DateTime | null

  /** Set after a day of failures (its owner is mailed); deliveries stop until it is enabled again. */
  @column.dateTime()
  declare disabledAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @hasMany(() => WebhookDelivery, { foreignKey: 'endpointId' })
  declare deliveries: HasMany<typeof WebhookDelivery>

  wants(event: WebhookEvent) {
    return this.disabledAt === null && this.events.includes(event)
  }
}
