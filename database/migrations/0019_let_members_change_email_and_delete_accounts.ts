import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Members change their e-mail and delete their account themselves.
 *
 * - `users.pending_email`: the address a member asked to move to, applied
 *   only when the link mailed to it is followed.
 * - A deleted member's published petitions stay, owned by nobody (moderators
 *   look after them): `petitions.user_id` becomes nullable and is set to
 *   null, not cascaded, when its account goes. The same for the uploader of
 *   a petition's pictures (`petition_media.user_id`), whose rows must
 *   survive with the petition.
 *
 * SQLite changes a column or a foreign key by rebuilding the table, which
 * drops the old one: with foreign keys on, that drop would cascade to every
 * row referring to it (signatures, letters…). Knex turns the checks off for
 * the rebuild, which SQLite ignores inside a transaction, hence no
 * transaction here.
 */
export default class extends BaseSchema {
  static disableTransactions = true

  async up() {
    this.schema.alterTable('users', (table) => {
      table.string('pending_email', 254).nullable()
    })
    for (const tableName of ['petitions', 'petition_media']) {
      this.schema.alterTable(tableName, (table) => {
        table.dropForeign(['user_id'])
      })
      this.schema.alterTable(tableName, (table) => {
        table.integer('user_id').unsigned().nullable().alter()
      })
      this.schema.alterTable(tableName, (table) => {
        table.foreign('user_id').references('id').inTable('users').onDelete('SET NULL')
      })
    }
  }

  /** Refused while petitions or pictures of deleted accounts exist (their owner is null). */
  async down() {
    for (const tableName of ['petition_media', 'petitions']) {
      this.schema.alterTable(tableName, (table) => {
        table.dropForeign(['user_id'])
      })
      this.schema.alterTable(tableName, (table) => {
        table.integer('user_id').unsigned().notNullable().alter()
      })
      this.schema.alterTable(tableName, (table) => {
        table.foreign('user_id').references('id').inTable('users').onDelete('CASCADE')
      })
    }
    this.schema.alterTable('users', (table) => {
      table.dropColumn('pending_email')
    })
  }
}
