import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The home page shows the open petitions for the countries where its
 * language is spoken first, newest first: this index finds a country's
 * listed petitions in that order without reading the others. An index
 * alone: SQLite creates it in place (no rebuild of the table, whose
 * search index triggers stay).
 */
export default class extends BaseSchema {
  protected tableName = 'petitions'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.index(
        ['country', 'published', 'private', 'created_at', 'id'],
        'petitions_country_newest_index'
      )
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex([], 'petitions_country_newest_index')
    })
  }
}
