import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'

/** An official answer to a petition from someone it asked. */
export default class PetitionResponse extends BaseModel {
  static table = 'petition_responses'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare petitionId: number

  /** Who answered, as they signed it (a minister, a council, a company). */
  @column()
  declare responder: string

  /** Their role, as they gave it when answering from their mailbox. */
  @column()
  declare responderRole: string | null

  /** The letter's recipient who answered through their mailed link; null when typed in by the owner or a moderator. */
  @column()
  declare letterRecipientId: number | null

  /** Written from the recipient's own address (their signed link), not typed in for them. */
  @column({ consume: Boolean })
  declare fromRecipient: boolean

  /**
   * The domain of the approved address its answering link was mailed to
   * (`example.gov`), which its badge names; null when typed in.
   */
  @column()
  declare viaDomain: string | null

  /** The day they answered (never in the future). */
  @column.date()
  declare respondedOn: DateTime

  /** Their answer, as sanitised rich text. */
  @column()
  declare body: string

  /** The owner or moderator who added it; null once their account is gone. */
  @column()
  declare addedByUserId: number | null

  @belongsTo(() => User, { foreignKey: 'addedByUserId' })
  declare addedBy: BelongsTo<typeof User>

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
