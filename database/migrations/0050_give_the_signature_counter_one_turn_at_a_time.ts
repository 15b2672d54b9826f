import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * `signature_counter_turns`: one row, whose `next_at` (milliseconds since
 * the epoch) says when the counter's next scheduled flush may run, in any
 * process of the site. Counts then move once a second however many
 * processes and nodes count, and each move's news (live counts to a crowd)
 * has gone out before the next one starts (`runtime/signatures/counter_turn`).
 */
export default class extends BaseSchema {
  protected tableName = 'signature_counter_turns'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.integer('id').primary()
      table.bigInteger('next_at').notNullable()
    })
    this.defer(async (db) => {
      await db.table(this.tableName).insert({ id: 1, next_at: 0 })
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
