import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Where each language's site keeps its own session (a host without a dot,
 * such as localhost, cannot share a cookie with its subdomains), a member
 * who switches language is handed over: the site they leave writes a
 * single-use token (its hash here) that the other site takes within a
 * minute to log them in there too.
 */
export default class extends BaseSchema {
  protected tableName = 'language_hand_overs'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table.string('token_hash', 64).notNullable().unique()
      table.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE')
      table.timestamp('expires_at').notNullable()
      table.timestamp('created_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
