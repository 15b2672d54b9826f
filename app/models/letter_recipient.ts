import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class LetterRecipient extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare letterId: number

  @column()
  declare name: string

  /** The recipient's designation, shown as their text. */
  @column()
  declare payload: string | null

  @column()
  declare position: number
}
