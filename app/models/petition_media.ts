import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type MediaType = 'banner' | 'photo' | 'editor' | 'video'

export default class PetitionMedia extends BaseModel {
  static table = 'petition_media'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare petitionId: number | null

  @column()
  declare petitionGuid: string

  /** The uploader; null once their account is deleted. */
  @column()
  declare userId: number | null

  @column()
  declare type: MediaType

  @column()
  declare driver: string

  @column()
  declare url: string | null

  @column({ serializeAs: null })
  declare path: string | null

  @column()
  declare title: string | null

  @column()
  declare description: string | null

  @column()
  declare position: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null
}
