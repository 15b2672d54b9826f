import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * What a petition achieved:
 *
 * - `petition_responses`: official answers from the people the petition
 *   asked (who answered, the day they did, their text as sanitised rich
 *   text), added by the owner or a moderator. A petition may get several:
 *   a letter often goes to more than one recipient.
 * - `petitions.victory_at`: when the owner or a moderator marked the
 *   petition a victory; null for none. The list's "victories" filter and
 *   the home page read the newest victories through its index.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('petition_responses', (table) => {
      table.increments('id').notNullable()
      table
        .integer('petition_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      table.string('responder', 200).notNullable()
      table.date('responded_on').notNullable()
      table.text('body').notNullable()
      table
        .integer('added_by_user_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').nullable()
      table.index(['petition_id', 'responded_on'], 'petition_responses_petition_day_index')
    })
    this.schema.alterTable('petitions', (table) => {
      table.timestamp('victory_at').nullable()
      table.index(['victory_at'], 'petitions_victory_at_index')
    })
  }

  async down() {
    this.schema.alterTable('petitions', (table) => {
      table.dropIndex(['victory_at'], 'petitions_victory_at_index')
      table.dropColumn('victory_at')
    })
    this.schema.dropTable('petition_responses')
  }
}
