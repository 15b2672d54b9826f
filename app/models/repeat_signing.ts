import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * A second signature with an address that had signed the petition: nothing
 * was stored, but the browser (or the unverified member) that made it is
 * answered and shown what a first signer is ("check your inbox", with the
 * address as typed), so that whether an address signed is told to its
 * mailbox only. Kept as long as an unconfirmed signature.
 */
export default class RepeatSigning extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare petitionId: number

  /** The unverified member who signed again; null for a guest (known by the cookie). */
  @column()
  declare userId: number | null

  /** As typed: the page shows it where a first signer's address would be. */
  @column()
  declare email: string

  /** What the browser's signed cookie names it by (through a digest, as a signature's token). */
  @column({ serializeAs: null })
  declare token: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
