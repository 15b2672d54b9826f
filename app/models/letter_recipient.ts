import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Letter from '#models/letter'

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

  /** Where the petition is delivered to them; private: only the owner and moderators see it. */
  @column({ serializeAs: null })
  declare email: string | null

  @column()
  declare position: number

  /** The UTC day (YYYY-MM-DD) its address last changed, and how often it changed that day. */
  @column()
  declare emailChangedOn: string | null

  @column()
  declare emailChanges: number

  @belongsTo(() => Letter)
  declare letter: BelongsTo<typeof Letter>
}
