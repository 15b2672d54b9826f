import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'newsletter_subscriptions'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id').notNullable()
      // Lower-cased; one subscription per address.
      table.string('email', 254).notNullable().unique()
      table.string('locale', 5).notNullable().defaultTo('en')
      // Double opt-in: set when the e-mailed link is followed.
      table.timestamp('confirmed_at').nullable()
      table.timestamp('unsubscribed_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
