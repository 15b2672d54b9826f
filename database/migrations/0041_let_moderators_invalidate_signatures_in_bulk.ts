import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Bulk invalidation by moderators:
 *
 * - `signature_invalidations`: one row per invalidation of a petition's
 *   signatures: who did it (the name kept as it was), why, the filter it
 *   chose them by (JSON text), how many rows it marked and how many of them
 *   had counted (confirmed support and opposition), and, once undone, when
 *   and by whom. Public: its date, reason and counts; never the filter.
 * - `signatures.invalidation_id`: the invalidation that took the signature
 *   out of the counts (with `active = false`); null normally. No index of
 *   its own, so that signing pays nothing for it: an undo finds its rows
 *   through the petition's index (`petition_id = ? AND invalidation_id = ?`).
 * - `moderation_events.details`: what an entry's action worked on beyond its
 *   ids, as JSON text (an invalidation's filter and counts); null for most.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('signature_invalidations', (table) => {
      table.increments('id')
      table
        .integer('petition_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      table
        .integer('created_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('actor_name', 200).notNullable()
      table.text('reason').notNullable()
      table.text('filter').notNullable()
      table.integer('signatures').notNullable().defaultTo(0)
      table.integer('support_removed').notNullable().defaultTo(0)
      table.integer('oppose_removed').notNullable().defaultTo(0)
      table.timestamp('created_at').notNullable()
      table.timestamp('undone_at').nullable()
      table
        .integer('undone_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.index(['petition_id', 'id'], 'signature_invalidations_petition_index')
    })
    this.schema.alterTable('signatures', (table) => {
      table
        .integer('invalidation_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('signature_invalidations')
        .onDelete('SET NULL')
    })
    this.schema.alterTable('moderation_events', (table) => {
      table.text('details').nullable()
    })
  }

  async down() {
    this.schema.alterTable('moderation_events', (table) => {
      table.dropColumn('details')
    })
    this.schema.alterTable('signatures', (table) => {
      table.dropForeign(['invalidation_id'])
      table.dropColumn('invalidation_id')
    })
    this.schema.dropTable('signature_invalidations')
  }
}
