import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * `petition_versions`: the text a petition had before each save that
 * changed it once someone had confirmed a signature (title, target,
 * description HTML, and the letters as JSON text: each letter's id, payload
 * and its recipients' names and designations, never their addresses).
 * `user_id` is who saved the change (null once their account is gone);
 * `substantive` marks a change its signers are told about. Gone with the
 * petition. The history page reads a petition's versions newest first
 * through its index.
 */
export default class extends BaseSchema {
  protected tableName = 'petition_versions'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id').notNullable()
      table
        .integer('petition_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('title', 255).notNullable()
      table.string('target', 255).notNullable()
      table.text('description').notNullable()
      table.text('letters').notNullable()
      table.boolean('substantive').notNullable().defaultTo(false)
      table.timestamp('created_at').notNullable()
      table.index(['petition_id', 'id'], 'petition_versions_petition_index')
      table.index(['user_id'], 'petition_versions_user_index')
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
