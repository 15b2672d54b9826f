import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Decision makers' mail that cannot be turned into a relay:
 *
 * - `decision_maker_addresses`: the site-wide directory moderators keep. An
 *   address is mailed only once a moderator approved it (`approved`); a
 *   refused or revoked one (`refused`, with the reason) is never mailed. An
 *   address with no row waits in the moderators' queue.
 * - `letter_recipients.email_changed_on` / `email_changes`: how often the
 *   owner changed a recipient's address on that UTC day (3 at most).
 * - `recipient_deliveries.sent_at`: when its mail left; a recipient awaits an
 *   answer only from then. `mail_due_at` and `mail_attempts`: when a mail
 *   that has not left (dropped by the per-address guard, lost in a crash) is
 *   tried again, and how often it was.
 * - `petition_responses.via_domain`: the domain of the approved address the
 *   answering link was mailed to, which its badge names.
 * - `petitions.answers_removed`: recipients' answers moderators removed,
 *   shown in public.
 * - `petition_handovers.letter_recipient_id`: the recipient it was handed
 *   to in person, who then counts as told.
 * - `recipient_mailed_addresses`: each address a petition was delivered to,
 *   per milestone, kept when its recipient is removed, so that entering
 *   the same address again (as a new recipient) never mails it twice.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('decision_maker_addresses', (table) => {
      table.increments('id')
      table.string('email', 254).notNullable().unique()
      table.string('status', 16).notNullable()
      /** The recipient's name as the first decision found it, for the directory. */
      table.string('name', 200).notNullable()
      table.text('reason').nullable()
      table
        .integer('decided_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('decided_at').notNullable()
      table.timestamp('created_at').notNullable()
      table.index(['status', 'email'], 'decision_maker_addresses_status_index')
    })
    this.schema.createTable('recipient_mailed_addresses', (table) => {
      table
        .integer('petition_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      table.string('email', 254).notNullable()
      table.integer('milestone').notNullable()
      table.primary(['petition_id', 'email', 'milestone'])
    })
    this.schema.alterTable('letter_recipients', (table) => {
      table.string('email_changed_on', 10).nullable()
      table.integer('email_changes').notNullable().defaultTo(0)
      table.index(['email'], 'letter_recipients_email_index')
    })
    this.schema.alterTable('recipient_deliveries', (table) => {
      table.timestamp('sent_at').nullable()
      table.timestamp('mail_due_at').nullable()
      table.integer('mail_attempts').notNullable().defaultTo(0)
      table.index(['mail_due_at'], 'recipient_deliveries_mail_due_index')
    })
    this.schema.alterTable('petition_responses', (table) => {
      table.string('via_domain', 254).nullable()
    })
    this.schema.alterTable('petitions', (table) => {
      table.integer('answers_removed').notNullable().defaultTo(0)
    })
    this.schema.alterTable('petition_handovers', (table) => {
      table
        .integer('letter_recipient_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('letter_recipients')
        .onDelete('SET NULL')
    })
    // Deliveries made before this release were mailed when they were made.
    // Their addresses are not approved by that: they wait for a moderator
    // like any other before the next milestone's mail.
    this.defer(async (db) => {
      await db.rawQuery('UPDATE recipient_deliveries SET sent_at = delivered_at')
      await db.rawQuery(
        `INSERT INTO recipient_mailed_addresses (petition_id, email, milestone)
         SELECT DISTINCT recipient_deliveries.petition_id, letter_recipients.email, recipient_deliveries.milestone
           FROM recipient_deliveries
           JOIN letter_recipients ON letter_recipients.id = recipient_deliveries.letter_recipient_id
          WHERE letter_recipients.email IS NOT NULL`
      )
    })
  }

  async down() {
    this.schema.alterTable('petition_handovers', (table) => {
      table.dropForeign(['letter_recipient_id'])
      table.dropColumn('letter_recipient_id')
    })
    this.schema.alterTable('petitions', (table) => {
      table.dropColumn('answers_removed')
    })
    this.schema.alterTable('petition_responses', (table) => {
      table.dropColumn('via_domain')
    })
    this.schema.alterTable('recipient_deliveries', (table) => {
      table.dropIndex(['mail_due_at'], 'recipient_deliveries_mail_due_index')
      table.dropColumn('mail_attempts')
      table.dropColumn('mail_due_at')
      table.dropColumn('sent_at')
    })
    this.schema.alterTable('letter_recipients', (table) => {
      table.dropIndex(['email'], 'letter_recipients_email_index')
      table.dropColumn('email_changes')
      table.dropColumn('email_changed_on')
    })
    this.schema.dropTable('recipient_mailed_addresses')
    this.schema.dropTable('decision_maker_addresses')
  }
}
