import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Moderators' rules against signing attacks:
 *
 * - `signatures.blocked_rule`: the rule that stopped a signature at signing
 *   (`disposable_domain`, `blocked_domain`, `blocked_network`,
 *   `signing_pause`); null normally. A stopped signature is stored inactive
 *   and nothing may count it.
 * - `blocked_email_domains`: the moderators' own blocked domains (the kept
 *   list of disposable-mail domains comes with the code); a sub-domain of
 *   one is blocked too.
 * - `blocked_networks`: blocked network hashes (never an address), each
 *   until its expiry; one row per hash.
 * - `petitions.signing_paused_at` / `signing_paused_until`: a pause of a
 *   petition's signing, until a time or (null until) until lifted.
 * - `moderation_events.subject`: what a rule change is about (the domain or
 *   the network hash), for the audit trail.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('signatures', (table) => {
      table.string('blocked_rule', 32).nullable()
    })
    this.schema.alterTable('petitions', (table) => {
      table.timestamp('signing_paused_at').nullable()
      table.timestamp('signing_paused_until').nullable()
    })
    this.schema.alterTable('moderation_events', (table) => {
      table.string('subject', 253).nullable()
    })
    this.schema.createTable('blocked_email_domains', (table) => {
      table.increments('id')
      table.string('domain', 253).notNullable().unique()
      table.text('reason').nullable()
      table
        .integer('created_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
    })
    this.schema.createTable('blocked_networks', (table) => {
      table.increments('id')
      table.string('network_hash', 22).notNullable().unique()
      table.text('reason').nullable()
      table.timestamp('expires_at').notNullable()
      table
        .integer('created_by')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.timestamp('created_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('blocked_networks')
    this.schema.dropTable('blocked_email_domains')
    this.schema.alterTable('moderation_events', (table) => {
      table.dropColumn('subject')
    })
    this.schema.alterTable('petitions', (table) => {
      table.dropColumn('signing_paused_until')
      table.dropColumn('signing_paused_at')
    })
    this.schema.alterTable('signatures', (table) => {
      table.dropColumn('blocked_rule')
    })
  }
}
