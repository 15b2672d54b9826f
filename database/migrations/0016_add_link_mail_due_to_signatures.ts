import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A signature is its own confirmation mail's outbox: `link_mail_due_at` is
 * set in the very INSERT (or replacement) that stores an unconfirmed
 * signature and cleared once its link has been mailed, so a stored
 * signature always gets its mail, even when the process that stored it dies
 * before sending, and signing costs one write instead of a signature and a
 * queued job. `link_mail_attempts` stops retrying an address that keeps
 * failing. The index finds the few rows still due without reading the rest.
 */
export default class extends BaseSchema {
  protected tableName = 'signatures'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.timestamp('link_mail_due_at').nullable()
      table.integer('link_mail_attempts').notNullable().defaultTo(0)
      table.index(['link_mail_due_at'], 'signatures_link_mail_due_at_index')
    })
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['link_mail_due_at'], 'signatures_link_mail_due_at_index')
      table.dropColumn('link_mail_attempts')
      table.dropColumn('link_mail_due_at')
    })
  }
}
