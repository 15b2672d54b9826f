import { BaseModel, column } from '@adonisjs/lucid/orm'

export type CustomFieldType = 'text' | 'string' | 'number'

export default class CustomField extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare petitionId: number

  @column()
  declare type: CustomFieldType

  @column()
  declare title: string

  @column()
  declare description: string | null

  @column({ consume: Boolean })
  declare required: boolean

  @column()
  declare position: number
}
