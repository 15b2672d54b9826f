import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, beforeSave, column } from '@adonisjs/lucid/orm'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'

const AuthFinder = withAuthFinder(() => hash.use('scrypt'), {
  uids: ['email'],
  passwordColumnName: 'password',
})

export const ROLE_UNVERIFIED = 0
export const ROLE_MEMBER = 1
export const ROLE_MODERATOR = 2

export default class User extends compose(BaseModel, AuthFinder) {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare firstName: string

  @column()
  declare lastName: string | null

  @column()
  declare nickName: string | null

  @column()
  declare email: string

  @column({ serializeAs: null })
  declare password: string | null

  @column()
  declare avatar: string | null

  @column()
  declare role: number

  @column()
  declare signaturesCount: number

  @column()
  declare locale: string

  @column({ serializeAs: null })
  declare githubId: string | null

  @column({ serializeAs: null })
  declare googleId: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime | null

  get isVerified() {
    return this.role !== ROLE_UNVERIFIED
  }

  get fullName() {
    return [this.firstName, this.lastName].filter(Boolean).join(' ')
  }

  @beforeSave()
  static normaliseEmail(user: User) {
    if (user.$dirty.email) user.email = user.email.trim().toLowerCase()
  }
}
