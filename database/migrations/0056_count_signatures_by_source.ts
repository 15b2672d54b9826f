import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The owner's table of where signatures came from, and its API, count one
 * petition's confirmed signatures by source and by day. This index answers
 * both from its entries alone (the source, whether it counts and when it
 * was confirmed), whatever the petition's size. It holds confirmed
 * signatures only: a guest's sign, an INSERT of an unconfirmed row, adds
 * nothing to it; the entry comes with the confirmation's UPDATE, which
 * already changes the indexed confirmed_at.
 */
const INDEX = 'signatures_petition_source_confirmed_index'

export default class extends BaseSchema {
  async up() {
    this.schema.raw(
      `CREATE INDEX ${INDEX} ON signatures (petition_id, source, active, confirmed_at) ` +
        'WHERE confirmed_at IS NOT NULL'
    )
  }

  async down() {
    this.schema.raw(`DROP INDEX ${INDEX}`)
  }
}
