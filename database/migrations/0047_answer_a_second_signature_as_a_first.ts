import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Whether an address signed a petition is told only to its mailbox:
 *
 * - `signatures.signed_again_at`: when its mailbox was last told that the
 *   address signed the petition again (at most once a day); null until then.
 *   A confirmed signature's due mail is that notice while it is set.
 * - `repeat_signings`: a second signature with an address that had signed,
 *   which stored nothing but is answered and shown to the browser (or the
 *   unverified member) that made it as a first one: "check your inbox",
 *   with the address as it was typed. `token` is what the browser's cookie
 *   names it by. Deleted with the unconfirmed signatures, after 7 days.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('signatures', (table) => {
      table.timestamp('signed_again_at').nullable()
    })
    this.schema.createTable('repeat_signings', (table) => {
      table.increments('id')
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
        .onDelete('CASCADE')
      table.string('email', 254).notNullable()
      table.string('token', 32).notNullable()
      table.timestamp('created_at').notNullable()
      table.index(['petition_id', 'user_id'], 'repeat_signings_petition_user_index')
      table.index(['created_at'], 'repeat_signings_created_index')
    })
  }

  async down() {
    this.schema.dropTable('repeat_signings')
    this.schema.alterTable('signatures', (table) => {
      table.dropColumn('signed_again_at')
    })
  }
}
