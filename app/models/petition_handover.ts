import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** The owner's record that the petition was handed over: to whom, when, where, with a public photo. */
export default class PetitionHandover extends BaseModel {
  static table = 'petition_handovers'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare petitionId: number

  @column()
  declare recordedBy: number | null

  /** Who received it (a minister, a council, a company's board), as the owner wrote it. */
  @column()
  declare recipient: string

  /** The letter's recipient it was handed to, who then counts as told; null: someone else. */
  @column()
  declare letterRecipientId: number | null

  @column.date()
  declare handedOverOn: DateTime

  @column()
  declare place: string

  /** The photo's key on the uploads disk; null for none. */
  @column({ serializeAs: null })
  declare photoPath: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
