import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * `users.account_links_version`: every link mailed about an account (move it
 * to another address, delete it) is signed for this number. Proving the
 * mailbox (verification, a password reset, a provider that vouches for the
 * address) raises it, so that links asked for before the proof, perhaps by
 * someone who registered the address first, stop working.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.integer('account_links_version').notNullable().defaultTo(0)
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('account_links_version')
    })
  }
}
