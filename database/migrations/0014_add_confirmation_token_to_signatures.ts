import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A signature's confirmation link is signed for its current token: signing
 * again with the address of an unconfirmed signature replaces it with a new
 * token, so the earlier link no longer confirms anything. Rows of before
 * this column keep a null token and the links already mailed for them.
 *
 * The daily pruning of unconfirmed signatures older than 7 days finds them
 * by (confirmed_at, created_at) without reading the confirmed ones.
 */
export default class extends BaseSchema {
  protected tableName = 'signatures'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.string('confirmation_token', 32).nullable()
      table.index(['confirmed_at', 'created_at'], 'signatures_confirmed_at_created_at_index')
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['confirmed_at', 'created_at'], 'signatures_confirmed_at_created_at_index')
      table.dropColumn('confirmation_token')
    })
  }
}
