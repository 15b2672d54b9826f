import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Moderation:
 *
 * - `moderation_events`: the audit trail. Every moderator action and every
 *   role change, with who did it, to what, when and why. Rows are only ever
 *   added (the model refuses updates and deletes); the ids it names carry no
 *   foreign keys, so that deleting an account or a petition deletes nothing
 *   from it, and the actor's name is kept as it was.
 * - `petition_reports`: reports of petitions by visitors. One open report
 *   per reporter (a member, or a guest's hashed address) and petition, by a
 *   unique index over the open ones only.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('moderation_events', (table) => {
      table.increments('id')
      // Null: done from the command line.
      table.integer('actor_id').nullable()
      table.string('actor_name', 200).notNullable()
      table.integer('petition_id').nullable()
      // The member an action is about (a role change).
      table.integer('user_id').nullable()
      table.string('action', 40).notNullable()
      table.text('reason').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['petition_id', 'id'], 'moderation_events_petition_index')
      table.index(['user_id', 'id'], 'moderation_events_user_index')
    })

    this.schema.createTable('petition_reports', (table) => {
      table.increments('id')
      table
        .integer('petition_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      table
        .integer('reporter_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      // `user:{id}` or `guest:{hash of the address}`: who may have one open report.
      table.string('reporter_key', 100).notNullable()
      table.string('reason', 20).notNullable()
      table.text('note').nullable()
      table.string('locale', 5).notNullable()
      // Set when a moderator acted on the petition or dismissed its reports.
      table.timestamp('resolved_at').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['resolved_at', 'petition_id'], 'petition_reports_open_index')
    })
    this.defer(async (db) => {
      await db.rawQuery(
        `CREATE UNIQUE INDEX petition_reports_one_open_per_reporter
         ON petition_reports (petition_id, reporter_key) WHERE resolved_at IS NULL`
      )
    })
  }

  async down() {
    this.schema.dropTable('petition_reports')
    this.schema.dropTable('moderation_events')
  }
}
