import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'

/**
 * What moderators did to a petition: hidden, closed or paused by them,
 * and when they last looked at it. Only moderators undo these
 * (services/moderation/petition_actions).
 */
export function withModeration<Model extends NormalizeConstructor<typeof BaseModel>>(
  superclass: Model
) {
  class PetitionModeration extends superclass {
    /**
     * When a moderator hid it, and why: a reason of the list (HIDE_REASONS),
     * which the public gets instead of the petition, and the moderator's note,
     * which only moderators see.
     */
    @column.dateTime()
    declare hiddenAt: DateTime | null

    @column()
    declare hiddenReason: string | null

    @column()
    declare hiddenNote: string | null

    /** When its owner, having fixed it, asked the moderators to review its hiding. */
    @column.dateTime()
    declare reviewRequestedAt: DateTime | null

    /**
     * A moderator's pause of its signing: since when (null: not paused) and
     * until when (null: until lifted). Signatures made meanwhile are answered
     * as usual and never count.
     */
    @column.dateTime()
    declare signingPausedAt: DateTime | null

    @column.dateTime()
    declare signingPausedUntil: DateTime | null

    /**
     * When a moderator closed it for signing, and why: its owner cannot reopen
     * it, only a moderator's reopen (services/moderation/petition_actions).
     */
    @column.dateTime()
    declare moderatorClosedAt: DateTime | null

    @column()
    declare moderatorClosedReason: string | null

    /** When a moderator last acted on it or dismissed its reports: null, new to the queue. */
    @column.dateTime()
    declare reviewedAt: DateTime | null

    /** Closed by a moderator: finished, and only a moderator may open it again. */
    get isClosedByModerator() {
      return Boolean(this.moderatorClosedAt)
    }
  }
  return PetitionModeration
}
