import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class PetitionUpdate extends BaseModel {
  static table = 'petition_updates'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare petitionId: number

  @column()
  declare title: string

  @column()
  declare description: string | null

  /** The day the news happened (the form's date, never in the future). */
  @column.date()
  declare happenedOn: DateTime

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
