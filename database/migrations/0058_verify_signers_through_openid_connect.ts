import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A signer's identity check through an OpenID Connect provider, in two
 * short-lived rows. `identity_flows`: one visit to the provider, found by
 * the SHA-256 of its `state`, taken once (`used_at`), with the PKCE
 * verifier and nonce the library checks the answer against, and the
 * SHA-256 of a random value kept in the session that started it, so that
 * only that browser can take the result. `identity_verifications`: what the
 * provider asserted, reduced to a keyed hash of (issuer, subject) and the
 * claims the site maps; never the subject, a name or a token. Its pass
 * (SHA-256 only) puts it into the signer's session on their language's
 * site; a signature uses it once (`used_at`).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('identity_flows', (table) => {
      table.increments('id')
      table.string('state_hash', 64).notNullable().unique()
      table.string('provider_key', 30).notNullable()
      table.string('nonce', 128).notNullable()
      table.string('code_verifier', 128).notNullable()
      table.string('binding_hash', 64).notNullable()
      table.string('petition_guid', 36).notNullable()
      table.string('locale', 5).notNullable()
      table.timestamp('expires_at').notNullable().index()
      table.timestamp('used_at').nullable()
      table.timestamp('created_at').notNullable()
    })
    this.schema.createTable('identity_verifications', (table) => {
      table.increments('id')
      table.string('provider_key', 30).notNullable()
      table.string('identity_hash', 64).notNullable()
      table.text('claims').notNullable()
      table.string('petition_guid', 36).notNullable()
      table.string('binding_hash', 64).notNullable()
      table.string('pass_hash', 64).nullable().unique()
      table.timestamp('expires_at').notNullable().index()
      table.timestamp('used_at').nullable()
      table.timestamp('created_at').notNullable()
    })
  }

  async down() {
    this.schema.dropTable('identity_verifications')
    this.schema.dropTable('identity_flows')
  }
}
