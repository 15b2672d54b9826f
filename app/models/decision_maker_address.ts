import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const ADDRESS_STATUSES = ['approved', 'refused'] as const
export type AddressStatus = (typeof ADDRESS_STATUSES)[number]

/**
 * A decision maker's address as moderators judged it, for the whole site:
 * approved (petitions are mailed to it) or refused, a revoked approval
 * included (never mailed). An address no moderator judged yet has no row.
 */
export default class DecisionMakerAddress extends BaseModel {
  static table = 'decision_maker_addresses'

  @column({ isPrimary: true })
  declare id: number

  /** In lower case, as recipients' addresses are stored. */
  @column()
  declare email: string

  @column()
  declare status: AddressStatus

  /** The recipient's name when it was first judged. */
  @column()
  declare name: string

  /** Why it was refused or revoked (an approval's note). */
  @column()
  declare reason: string | null

  @column()
  declare decidedBy: number | null

  @column.dateTime()
  declare decidedAt: DateTime

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  /** The domain shown in public for answers through its links: `example.gov`. */
  get domain() {
    return this.email.slice(this.email.lastIndexOf('@') + 1)
  }
}
