import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The owner's signatures table and export walk one petition's
 * signatures in id order. With (petition_id, id) the page's ids come from the
 * index alone, so a deep page of a million-signature petition skips index
 * entries instead of table rows, and the export reads chunk after chunk by
 * `id > last` without sorting.
 */
export default class extends BaseSchema {
  protected tableName = 'signatures'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.index(['petition_id', 'id'], 'signatures_petition_id_id_index')
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['petition_id', 'id'], 'signatures_petition_id_id_index')
    })
  }
}
