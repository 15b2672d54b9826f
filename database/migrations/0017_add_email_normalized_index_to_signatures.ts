import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A member's signatures are also those made with their verified address
 * before they had an account (My signatures, the data export): the unique
 * index starts with the petition, so the address needs an index of its own.
 */
export default class extends BaseSchema {
  protected tableName = 'signatures'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.index(['email_normalized'], 'signatures_email_normalized_index')
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['email_normalized'], 'signatures_email_normalized_index')
    })
  }
}
