import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import User from '#models/user'
import type { LetterText } from '#shared/petitions/text_changes'

/**
 * The text a petition had before a save changed it, once it had a confirmed
 * signature: who saved the change, when, and whether its signers are told
 * (`substantive`). A moderator may redact it: its text is emptied for good
 * and the reason shown instead (`redactedAt`, `redactionReason`).
 */
export default class PetitionVersion extends BaseModel {
  static table = 'petition_versions'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare petitionId: number

  /** Who saved the change; null once their account is gone. */
  @column()
  declare userId: number | null

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @column()
  declare title: string

  @column()
  declare target: string

  /** The description's sanitised HTML. */
  @column()
  declare description: string

  /** The letters: payloads, recipients' names and designations (never addresses). */
  @column({
    prepare: (letters: LetterText[]) => JSON.stringify(letters),
    consume: (stored: string | null) => parseLetters(stored),
  })
  declare letters: LetterText[]

  /** The change is one its signers are told about (see `isSubstantive`). */
  @column({ consume: (value: unknown) => Boolean(value) })
  declare substantive: boolean

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  /** When a moderator redacted its text; null while it stands. */
  @column.dateTime()
  declare redactedAt: DateTime | null

  /** Why, shown in public in the text's place. */
  @column()
  declare redactionReason: string | null
}

function parseLetters(stored: string | null): LetterText[] {
  if (!stored) return []
  try {
    const parsed = JSON.parse(stored)
    return Array.isArray(parsed) ? parsed : []
  } catch {
    return []
  }
}
