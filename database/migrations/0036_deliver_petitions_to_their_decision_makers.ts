import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Decision makers in the loop. A letter's recipient may have an address
 * (private: only the owner and moderators see it). A petition has the
 * owner's milestones besides its target; when its confirmed support first
 * reaches one, each addressed recipient is mailed once for it (one delivery
 * row per recipient and milestone, unique) and may answer through the
 * mail's signed link. `milestone_reached` is the highest milestone
 * delivered; `next_milestone` the one the counter's flush compares the
 * count with, so that noticing a milestone costs one indexed comparison.
 * A recipient who stops the mails is kept by address, so that the owner
 * cannot start them again by entering the recipient anew.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('letter_recipients', (table) => {
      table.string('email', 254).nullable()
    })
    this.schema.alterTable('petitions', (table) => {
      // The owner's milestones, a JSON list of numbers; the target is always one.
      table.text('milestones').nullable()
      table.integer('milestone_reached').notNullable().defaultTo(0)
      table.integer('next_milestone').nullable()
      // Since when a recipient told of the petition has not answered; null: none waits.
      table.timestamp('awaiting_answer_since').nullable().index()
    })
    this.schema.alterTable('petition_responses', (table) => {
      table
        .integer('letter_recipient_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('letter_recipients')
        .onDelete('SET NULL')
      // Written through the recipient's own mailed link, not typed in by the owner.
      table.boolean('from_recipient').notNullable().defaultTo(false)
      table.string('responder_role', 200).nullable()
    })
    this.schema.createTable('recipient_deliveries', (table) => {
      table.increments('id')
      table
        .integer('petition_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      table
        .integer('letter_recipient_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('letter_recipients')
        .onDelete('CASCADE')
      table.integer('milestone').notNullable()
      table.timestamp('delivered_at').notNullable()
      table.timestamp('answered_at').nullable()
      table.unique(['letter_recipient_id', 'milestone'])
      table.index(['petition_id'])
    })
    this.schema.createTable('recipient_mail_stops', (table) => {
      table
        .integer('petition_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      table.string('email', 254).notNullable()
      table.timestamp('created_at').notNullable()
      table.primary(['petition_id', 'email'])
    })
    // Petitions that passed their target before milestones existed are not
    // mailed for it now: their recipients had no address until today.
    this.defer(async (db) => {
      await db.rawQuery(
        `UPDATE petitions SET milestone_reached = target_signatures
          WHERE support_count >= target_signatures`
      )
      await db.rawQuery(
        `UPDATE petitions SET next_milestone = target_signatures
          WHERE support_count < target_signatures`
      )
    })
  }

  async down() {
    this.schema.dropTable('recipient_mail_stops')
    this.schema.dropTable('recipient_deliveries')
    this.schema.alterTable('petition_responses', (table) => {
      table.dropColumn('responder_role')
      table.dropColumn('from_recipient')
      table.dropForeign(['letter_recipient_id'])
      table.dropColumn('letter_recipient_id')
    })
    this.schema.alterTable('petitions', (table) => {
      table.dropColumn('awaiting_answer_since')
      table.dropColumn('next_milestone')
      table.dropColumn('milestone_reached')
      table.dropColumn('milestones')
    })
    this.schema.alterTable('letter_recipients', (table) => {
      table.dropColumn('email')
    })
  }
}
