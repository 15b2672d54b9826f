import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * An identity check may be for a member's account rather than a petition's
 * signer: `identity_flows.user_id` and `identity_verifications.user_id` name
 * the member who started it (the check is then linked to that account once
 * it comes back to the browser that started it), and `petition_guid` is
 * null. A check names one or the other. Both go with the account.
 *
 * Making `petition_guid` nullable rebuilds the tables on SQLite; nothing
 * refers to them, but with foreign keys on, the rebuild must still run
 * outside a transaction (see 0019), hence none here.
 */
export default class extends BaseSchema {
  static disableTransactions = true

  async up() {
    for (const name of ['identity_flows', 'identity_verifications']) {
      this.schema.alterTable(name, (table) => {
        table
          .integer('user_id')
          .unsigned()
          .nullable()
          .references('id')
          .inTable('users')
          .onDelete('CASCADE')
        table.index(['user_id'], `${name}_user_id_index`)
      })
      this.schema.alterTable(name, (table) => {
        table.string('petition_guid', 36).nullable().alter()
      })
    }
  }

  /** The account's checks go first: a check without a petition fits no longer. */
  async down() {
    for (const name of ['identity_verifications', 'identity_flows']) {
      this.defer(async (db) => {
        await db.from(name).whereNull('petition_guid').delete()
      })
      this.schema.alterTable(name, (table) => {
        table.string('petition_guid', 36).notNullable().alter()
      })
      this.schema.alterTable(name, (table) => {
        table.dropForeign(['user_id'])
        table.dropIndex(['user_id'], `${name}_user_id_index`)
        table.dropColumn('user_id')
      })
    }
  }
}
