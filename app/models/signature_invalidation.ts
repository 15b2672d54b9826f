import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { InvalidationFilter } from '#shared/fraud/invalidation_filter'

/**
 * A moderators' bulk invalidation of a petition's signatures: the rows it
 * marked (`signatures.invalidation_id`) left the counts, and come back when
 * it is undone. Its date, reason and counts are public; its filter and the
 * moderator's name are for moderators only.
 */
export default class SignatureInvalidation extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare petitionId: number

  /** The moderator; null once their account is gone (the name stays). */
  @column()
  declare createdBy: number | null

  @column()
  declare actorName: string

  @column()
  declare reason: string

  @column({
    prepare: (value: InvalidationFilter) => JSON.stringify(value),
    consume: (value: string | InvalidationFilter) =>
      typeof value === 'string' ? JSON.parse(value) : value,
  })
  declare filter: InvalidationFilter

  /** The rows it marked. */
  @column()
  declare signatures: number

  /** Of those, the confirmed ones that had counted, per side. */
  @column()
  declare supportRemoved: number

  @column()
  declare opposeRemoved: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime()
  declare undoneAt: DateTime | null

  @column()
  declare undoneBy: number | null

  /** The counted signatures it took out. */
  get counted() {
    return this.supportRemoved + this.opposeRemoved
  }
}
