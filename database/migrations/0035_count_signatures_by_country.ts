import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Where signers live: a signature keeps the country chosen on the form (and
 * the postal code, when its petition asks), the counter's pending changes
 * carry it, and the flush adds them to one count per petition and country,
 * in the transaction that moves the petition's totals. Signatures from
 * before the form asked have none; they count under 'ZZ', unknown.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('signatures', (table) => {
      table.string('country', 2).nullable()
      table.string('postal_code', 20).nullable()
    })
    this.schema.alterTable('petitions', (table) => {
      table.boolean('ask_postal_code').notNullable().defaultTo(false)
    })
    this.schema.alterTable('signature_count_deltas', (table) => {
      table.string('country', 2).notNullable().defaultTo('ZZ')
    })
    this.schema.createTable('petition_country_signatures', (table) => {
      table
        .integer('petition_id')
        .unsigned()
        .notNullable()
        .references('id')
        .inTable('petitions')
        .onDelete('CASCADE')
      table.string('country', 2).notNullable()
      table.integer('support').notNullable().defaultTo(0)
      table.integer('oppose').notNullable().defaultTo(0)
      table.primary(['petition_id', 'country'])
    })
    // Counts of the signatures already there, all unknown.
    this.defer(async (db) => {
      await db.rawQuery(
        `INSERT INTO petition_country_signatures (petition_id, country, support, oppose)
         SELECT petition_id, 'ZZ',
                SUM(CASE WHEN score > 0 THEN 1 ELSE 0 END),
                SUM(CASE WHEN score > 0 THEN 0 ELSE 1 END)
           FROM signatures
          WHERE active = ? AND confirmed_at IS NOT NULL
          GROUP BY petition_id`,
        [true]
      )
    })
  }

  async down() {
    this.schema.dropTable('petition_country_signatures')
    this.schema.alterTable('signature_count_deltas', (table) => {
      table.dropColumn('country')
    })
    this.schema.alterTable('petitions', (table) => {
      table.dropColumn('ask_postal_code')
    })
    this.schema.alterTable('signatures', (table) => {
      table.dropColumn('postal_code')
      table.dropColumn('country')
    })
  }
}
