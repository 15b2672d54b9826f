import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A confirmation's or a withdrawal's count row names its signature, so that
 * the counter's flush, which already turns each row into a leaf of the
 * transparency log in its transaction, also turns it into the petition's
 * `signature.confirmed` / `signature.withdrawn` webhook deliveries there:
 * nothing more on the signing path, and nothing lost in a crash.
 *
 * - `signature_id`: the signature (no foreign key: a withdrawal deletes it).
 * - `signature_change`: `confirmed` or `withdrawn`; null for the other counts
 *   (an owner's switch, moderators' invalidations, paper).
 * - `signature_kept`: a withdrawn signature's record columns as JSON, the
 *   only copy left once its row is deleted; dropped with the row by the
 *   next flush, about a second later.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('signature_count_deltas', (table) => {
      table.bigInteger('signature_id').nullable()
      table.string('signature_change', 12).nullable()
      table.text('signature_kept').nullable()
    })
  }

  async down() {
    this.schema.alterTable('signature_count_deltas', (table) => {
      table.dropColumn('signature_kept')
      table.dropColumn('signature_change')
      table.dropColumn('signature_id')
    })
  }
}
