import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A petition may close for signing on a date its owner chose: `closes_at` is
 * the moment it closes (null: open until its owner finishes it). The index
 * lets the job that finishes overdue petitions, and the list sorted by
 * closing date, read only the petitions that have one.
 */
export default class extends BaseSchema {
  protected tableName = 'petitions'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.timestamp('closes_at').nullable()
      table.index(['closes_at'], 'petitions_closes_at_index')
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['closes_at'], 'petitions_closes_at_index')
      table.dropColumn('closes_at')
    })
  }
}
