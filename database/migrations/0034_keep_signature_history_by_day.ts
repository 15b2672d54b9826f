import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A petition's history is kept for its life: the hourly counts of its
 * first 7 days stay as they are, and later hours, once past the 48 the
 * trending list and the owner read, fold into one count per day here.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('petition_daily_signatures', (table) => {
      table
        .integer('petition_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      // Whole days since 1970 (UTC): the same number on every database.
      table.integer('day').notNullable()
      // Signatures counted minus those uncounted in that day.
      table.integer('count').notNullable()
      table.primary(['petition_id', 'day'])
    })
  }

  async down() {
    this.schema.dropTable('petition_daily_signatures')
  }
}
