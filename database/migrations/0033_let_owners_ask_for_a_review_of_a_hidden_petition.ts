import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Moderators hide a petition for a reason from a fixed list, and its owner
 * may fix it and ask for a review:
 *
 * - `petitions.hidden_reason` now holds the reason's code from the list
 *   (app/shared/moderation.ts), which the public and the owner see
 *   translated; the moderator's own words move to `hidden_note`, seen by
 *   moderators only. Petitions hidden before this keep their words as the
 *   note, with the reason "other".
 * - `petitions.review_requested_at`: its owner asked the moderators to look
 *   again; it waits in the queue until a moderator restores it or keeps it
 *   hidden.
 * - `moderation_events.reason_code`: the listed reason of a hiding, on the
 *   record beside the moderator's note.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('petitions', (table) => {
      table.text('hidden_note').nullable()
      table.timestamp('review_requested_at').nullable()
    })
    this.schema.alterTable('moderation_events', (table) => {
      table.string('reason_code', 20).nullable()
    })
    this.defer(async (db) => {
      await db
        .from('petitions')
        .whereNotNull('hidden_at')
        .update({ hidden_note: db.raw('hidden_reason'), hidden_reason: 'other' })
    })
  }

  async down() {
    this.defer(async (db) => {
      await db
        .from('petitions')
        .whereNotNull('hidden_at')
        .whereNotNull('hidden_note')
        .update({ hidden_reason: db.raw('hidden_note') })
    })
    this.schema.alterTable('moderation_events', (table) => {
      table.dropColumn('reason_code')
    })
    // Dropped in place on both databases: knex would rebuild the SQLite
    // table, dropping its search triggers and cascading to its children.
    this.defer(async (db) => {
      await db.rawQuery('ALTER TABLE petitions DROP COLUMN review_requested_at')
      await db.rawQuery('ALTER TABLE petitions DROP COLUMN hidden_note')
    })
  }
}
