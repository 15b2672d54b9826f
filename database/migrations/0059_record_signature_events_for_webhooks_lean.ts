import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The counter's flush records a confirmation or a withdrawal for a
 * petition's webhooks as one small row here, in its transaction (nothing is
 * lost in a crash), instead of building each message's body and a delivery
 * per endpoint there: under a confirmation surge those writes held SQLite's
 * one write lock while the other web workers waited to confirm. The
 * webhook sender turns these rows into bodies and deliveries, in a
 * transaction that deletes them, with the cores the site leaves idle.
 *
 * - `signature_change`: `confirmed` or `withdrawn`.
 * - `signature_kept`: a withdrawn signature's record columns as JSON (its
 *   row is gone by then), as its count row kept them.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('webhook_signature_events', (table) => {
      table.bigIncrements('id')
      table
        .integer('petition_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      table.bigInteger('signature_id').notNullable()
      table.string('signature_change', 12).notNullable()
      table.text('signature_kept').nullable()
      table.timestamp('created_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('webhook_signature_events')
  }
}
