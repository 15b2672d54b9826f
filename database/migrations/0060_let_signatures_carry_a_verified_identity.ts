import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Signatures that carry an identity check (services/identity):
 *
 * - `signatures.identity_provider`: the key of the provider that verified
 *   it, or null. Not personal, so anonymisation keeps it: the verified
 *   count is recounted from it.
 * - `signatures.identity_hash`: the keyed hash of (issuer, subject) that
 *   stands for the person; unique per petition, so one person signs a
 *   petition once however many addresses and browsers they use. Cleared
 *   with the rest of a signature's personal data.
 * - `signatures.identity_claims`: JSON of the claims the petition asks
 *   for, as the provider asserted them; cleared likewise.
 * - Verified counts beside the totals: `petitions.verified_count`, and a
 *   `verified` column in the counter's delta rows and the hourly and daily
 *   history, moved by the same flush.
 * - The owner's settings: `identity_required` (only verified signatures)
 *   and `identity_residence` (`country` or `region`: the verified residence
 *   must match the petition's place).
 * - `users.identity_*`: an identity a member linked to their account, once;
 *   its hash is unique across accounts.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('signatures', (table) => {
      table.string('identity_provider', 30).nullable()
      table.string('identity_hash', 64).nullable()
      table.text('identity_claims').nullable()
      table.unique(['petition_id', 'identity_hash'], {
        indexName: 'signatures_petition_identity_unique',
      })
    })
    this.schema.alterTable('petitions', (table) => {
      table.integer('verified_count').notNullable().defaultTo(0)
      table.boolean('identity_required').notNullable().defaultTo(false)
      table.string('identity_residence', 10).nullable()
    })
    for (const name of [
      'signature_count_deltas',
      'petition_hourly_signatures',
      'petition_daily_signatures',
    ]) {
      this.schema.alterTable(name, (table) => {
        table.integer('verified').notNullable().defaultTo(0)
      })
    }
    this.schema.alterTable('users', (table) => {
      table.string('identity_provider', 30).nullable()
      table.string('identity_hash', 64).nullable().unique()
      table.text('identity_claims').nullable()
      table.timestamp('identity_linked_at').nullable()
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropUnique(['identity_hash'])
      table.dropColumns(
        'identity_provider',
        'identity_hash',
        'identity_claims',
        'identity_linked_at'
      )
    })
    for (const name of [
      'signature_count_deltas',
      'petition_hourly_signatures',
      'petition_daily_signatures',
    ]) {
      this.schema.alterTable(name, (table) => table.dropColumn('verified'))
    }
    this.schema.alterTable('petitions', (table) => {
      table.dropColumns('verified_count', 'identity_required', 'identity_residence')
    })
    this.schema.alterTable('signatures', (table) => {
      table.dropUnique(['petition_id', 'identity_hash'], 'signatures_petition_identity_unique')
      table.dropColumns('identity_provider', 'identity_hash', 'identity_claims')
    })
  }
}
