import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Signatures. One per normalised e-mail per petition,
 * enforced by a unique index so that concurrent requests cannot both win.
 */
export default class extends BaseSchema {
  protected tableName = 'signatures'

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
      // The member who signed, when signed in.
      table
        .integer('user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('first_name', 100).notNullable()
      table.string('last_name', 100).notNullable()
      // As typed, for sending; the normalised form only decides duplicates.
      table.string('email', 254).notNullable()
      table.string('email_normalized', 254).notNullable()
      table.text('comment').nullable()
      // Anonymous in public.
      table.boolean('private').notNullable().defaultTo(false)
      // 1 supports, -1 opposes.
      table.smallint('score').notNullable().defaultTo(1)
      // Switched by the owner; only active, confirmed signatures count.
      table.boolean('active').notNullable().defaultTo(true)
      // JSON map of custom field id to value.
      table.text('custom_fields_data').nullable()
      table.string('locale', 5).notNullable().defaultTo('en')
      table.timestamp('confirmed_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()

      table.unique(['petition_id', 'email_normalized'])
      // The last signatures of a petition page: newest confirmed and active first.
      table.index(['petition_id', 'active', 'confirmed_at'])
      // "When did I sign": a member's signatures.
      table.index(['user_id', 'petition_id'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
