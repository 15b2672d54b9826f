import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The campaign offline:
 *
 * - `paper_signature_batches`: signatures collected on paper, recorded by the
 *   petition's owner (how many, where, when, a photo of the sheets kept
 *   private) and verified or rejected by a moderator with a reason. Never
 *   rows of `signatures`: a batch is one number.
 * - `petitions.paper_count`: the verified paper signatures. They are part of
 *   `support_count` too, so that the target, the milestones, the sort by
 *   signatures and the site's total count them with no other change;
 *   `paper_count` says how many of them are on paper (online = support −
 *   paper). Only a batch's verification or its later rejection moves both,
 *   in one transaction.
 * - `petition_handovers`: the owner's record that the petition was handed
 *   over: to whom, when, where, with a public photo.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('paper_signature_batches', (table) => {
      table.increments('id')
      table
        .integer('petition_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      table
        .integer('recorded_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.integer('signatures').notNullable()
      table.string('place', 200).notNullable()
      table.date('collected_on').notNullable()
      /** The photo's key on the private disk; null once erased. */
      table.string('photo_path', 255).nullable()
      table.string('status', 16).notNullable().defaultTo('pending')
      table.text('decision_reason').nullable()
      table
        .integer('decided_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('decided_at').nullable()
      table.timestamp('created_at').notNullable()
      table.index(['petition_id', 'id'], 'paper_batches_petition_index')
      table.index(['status', 'id'], 'paper_batches_status_index')
    })
    this.schema.alterTable('petitions', (table) => {
      table.integer('paper_count').notNullable().defaultTo(0)
    })
    this.schema.createTable('petition_handovers', (table) => {
      table.increments('id')
      table
        .integer('petition_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      table
        .integer('recorded_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('recipient', 200).notNullable()
      table.date('handed_over_on').notNullable()
      table.string('place', 200).notNullable()
      /** The public photo's key on the uploads disk; null for none. */
      table.string('photo_path', 255).nullable()
      table.timestamp('created_at').notNullable()
      table.index(['petition_id', 'id'], 'petition_handovers_petition_index')
    })
  }

  async down() {
    this.schema.dropTable('petition_handovers')
    this.schema.alterTable('petitions', (table) => {
      table.dropColumn('paper_count')
    })
    this.schema.dropTable('paper_signature_batches')
  }
}
