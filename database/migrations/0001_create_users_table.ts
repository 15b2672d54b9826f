import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id').notNullable()
      table.string('first_name', 100).notNullable()
      table.string('last_name', 100).nullable()
      table.string('nick_name', 100).nullable()
      // Stored trimmed and lower-cased, so the unique index is case-insensitive.
      table.string('email', 254).notNullable().unique()
      // Null for accounts made through GitHub or Google.
      table.string('password').nullable()
      table.string('avatar', 2048).nullable()
      // 0 unverified, 1 verified member, 2 moderator.
      table.smallint('role').notNullable().defaultTo(0)
      // Counter column: moved when one of the user's signatures is confirmed.
      table.integer('signatures_count').notNullable().defaultTo(0)
      // Language of the pages where the user acted; e-mails go out in it.
      table.string('locale', 5).notNullable().defaultTo('en')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
