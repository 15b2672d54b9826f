import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import LetterRecipient from '#models/letter_recipient'

export default class Letter extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare petitionId: number

  @column()
  declare payload: string

  @column()
  declare position: number

  @hasMany(() => LetterRecipient)
  declare recipients: HasMany<typeof LetterRecipient>
}
