import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The counters' pending changes: each confirmation, deactivation or
 * reactivation adds one row here in its own transaction, and the flusher
 * moves their sums onto the petition rows. A hot petition's row is then
 * written once a second, and a crash loses nothing: the rows wait for the
 * next flush, which runs at boot too.
 */
export default class extends BaseSchema {
  protected tableName = 'signature_count_deltas'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('petition_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      table.integer('support').notNullable()
      table.integer('oppose').notNullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
