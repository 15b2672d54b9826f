import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Petitions open to the tools organisations run them with.
 *
 * - `api_tokens`: a member's API tokens, as AdonisJS access tokens keep them
 *   (only the hash of the secret; its abilities, last use and expiry), and
 *   `api_token_uses`: each request a token made.
 * - `webhook_endpoints`: where a petition's events are sent (the secret
 *   that signs them is kept encrypted with the app's key); `webhook_deliveries`:
 *   one message each, with the id every retry repeats, and `webhook_attempts`:
 *   each try at sending it, for the owner's delivery log.
 * - `signatures.source`: where the signature came from (a `?source=` code, a
 *   share button, the widget, an API token's name); `contact_consent_*`: the
 *   signer's opt-in to be contacted by the petition's owner, when and in the
 *   words they saw.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('api_tokens', (table) => {
      table.increments('id')
      table
        .integer('tokenable_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('type').notNullable()
      table.string('name').nullable()
      table.string('hash').notNullable()
      table.text('abilities').notNullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.timestamp('last_used_at').nullable()
      table.timestamp('expires_at').nullable()
      table.index(['tokenable_id'])
    })
    this.schema.createTable('api_token_uses', (table) => {
      table.bigIncrements('id')
      table
        .integer('token_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('api_tokens')
        .onDelete('CASCADE')
      table.timestamp('used_at').notNullable()
      table.string('method', 8).notNullable()
      table.string('path', 255).notNullable()
      table.index(['token_id', 'id'])
    })

    this.schema.createTable('webhook_endpoints', (table) => {
      table.increments('id')
      table
        .integer('petition_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      table.text('url').notNullable()
      /** A JSON array of the event names it asked for. */
      table.text('events').notNullable()
      table.text('secret').notNullable()
      /** Since when every try failed; null while it answers. */
      table.timestamp('failing_since').nullable()
      table.timestamp('disabled_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['petition_id'])
    })
    this.schema.createTable('webhook_deliveries', (table) => {
      table.bigIncrements('id')
      table
        .integer('endpoint_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('webhook_endpoints')
        .onDelete('CASCADE')
      table.string('message_id', 40).notNullable().unique()
      table.string('event', 40).notNullable()
      table.text('payload').notNullable()
      /** pending | delivered | failed (given up after its retries). */
      table.string('status', 12).notNullable()
      table.integer('attempts').notNullable().defaultTo(0)
      table.timestamp('next_attempt_at').nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('delivered_at').nullable()
      table.index(['endpoint_id', 'id'])
      table.index(['status', 'next_attempt_at'])
    })
    this.schema.createTable('webhook_attempts', (table) => {
      table.bigIncrements('id')
      table
        .bigInteger('delivery_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('webhook_deliveries')
        .onDelete('CASCADE')
      table.timestamp('attempted_at').notNullable()
      table.integer('status_code').nullable()
      table.integer('duration_ms').notNullable()
      table.string('error', 255).nullable()
      table.index(['delivery_id', 'id'])
    })

    this.schema.alterTable('signatures', (table) => {
      table.string('source', 60).nullable()
      table.timestamp('contact_consent_at').nullable()
      table.text('contact_consent_text').nullable()
    })
  }

  async down() {
    this.schema.alterTable('signatures', (table) => {
      table.dropColumn('contact_consent_text')
      table.dropColumn('contact_consent_at')
      table.dropColumn('source')
    })
    this.schema.dropTable('webhook_attempts')
    this.schema.dropTable('webhook_deliveries')
    this.schema.dropTable('webhook_endpoints')
    this.schema.dropTable('api_token_uses')
    this.schema.dropTable('api_tokens')
  }
}
