import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * What moderators did stays done, and is all on record:
 *
 * - `petitions.moderator_closed_at`, `moderator_closed_reason`: a moderator
 *   closed it for signing, and why. Its owner cannot reopen it; only a
 *   moderator's reopen clears them. Petitions a moderator closed before
 *   this, still finished, are taken as closed by that moderator (the latest
 *   close in the trail): when in doubt it stays closed, and a moderator can
 *   reopen it.
 * - `moderation_events.signature_id`: the signature an entry is about (a
 *   moderator deactivating or reactivating one); no foreign key, as the
 *   other ids of the trail.
 * - The log reads the trail newest first by action or by actor, each through
 *   its own index.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('petitions', (table) => {
      table.timestamp('moderator_closed_at').nullable()
      table.text('moderator_closed_reason').nullable()
    })
    this.schema.alterTable('moderation_events', (table) => {
      table.integer('signature_id').nullable()
      table.index(['action', 'id'], 'moderation_events_action_index')
      table.index(['actor_id', 'id'], 'moderation_events_actor_index')
    })
    this.defer(async (db) => {
      const latestClose = (column: 'created_at' | 'reason') =>
        db.raw(
          `(SELECT e.${column} FROM moderation_events e
            WHERE e.petition_id = petitions.id AND e.action = 'petition_closed'
            ORDER BY e.id DESC LIMIT 1)`
        )
      await db
        .from('petitions')
        .where('finished', true)
        .whereExists((closes) =>
          closes
            .from('moderation_events')
            .whereColumn('moderation_events.petition_id', 'petitions.id')
            .where('moderation_events.action', 'petition_closed')
        )
        .update({
          moderator_closed_at: latestClose('created_at'),
          moderator_closed_reason: latestClose('reason'),
        })
    })
  }

  async down() {
    this.schema.alterTable('moderation_events', (table) => {
      table.dropIndex([], 'moderation_events_actor_index')
      table.dropIndex([], 'moderation_events_action_index')
      table.dropColumn('signature_id')
    })
    // Dropped in place on both databases: knex would rebuild the SQLite
    // table, dropping its search triggers and cascading to its children.
    this.defer(async (db) => {
      await db.rawQuery('ALTER TABLE petitions DROP COLUMN moderator_closed_reason')
      await db.rawQuery('ALTER TABLE petitions DROP COLUMN moderator_closed_at')
    })
  }
}
