import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'petitions'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id').notNullable()
      // Chosen by the create form before the petition exists.
      table.uuid('guid').notNullable().unique()
      // From the title, transliterated; never changes.
      table.string('slug', 160).notNullable().unique()
      table
        .integer('user_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('title', 128).notNullable()
      table.string('target', 255).notNullable()
      // Sanitized HTML.
      table.text('description').notNullable()
      table.integer('target_signatures').notNullable().defaultTo(1000)
      table.boolean('published').notNullable().defaultTo(true)
      table.boolean('finished').notNullable().defaultTo(false)
      table.boolean('allow_comments').notNullable().defaultTo(false)
      table.boolean('allow_opposite').notNullable().defaultTo(false)
      table.boolean('private').notNullable().defaultTo(false)
      // Counter columns: moved with the signatures, never recounted on a page view.
      table.integer('support_count').notNullable().defaultTo(0)
      table.integer('oppose_count').notNullable().defaultTo(0)
      table.timestamp('succeeded_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()

      table.index(['user_id', 'created_at'])
      // The public list: published, listed, newest first.
      table.index(['published', 'private', 'created_at'])
      table.index(['succeeded_at'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
