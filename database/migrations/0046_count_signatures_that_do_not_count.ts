import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * What does not count is public too, as numbers:
 *
 * - `petitions.stopped_count`: confirmed signatures a moderators' rule
 *   stopped at signing (a blocked domain or network, a pause, the
 *   disposable list); `petitions.deactivated_count`: confirmed signatures
 *   its owner switched off. Both are counters moved by the signature
 *   counter's flush, as the support count is, never a count of rows.
 * - `signature_count_deltas.stopped` / `deactivated`: the counter's pending
 *   changes of those two. A row with an `invalidation_id` is the pending
 *   change of that invalidation's public count instead: its `support` and
 *   `oppose` are signatures of its rows confirmed after it (they never
 *   counted, and the petition's counts do not move).
 *
 * The counts are filled from the rows; an invalidation also takes in the
 * signatures of its rows confirmed after it (its public count).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('petitions', (table) => {
      table.integer('stopped_count').notNullable().defaultTo(0)
      table.integer('deactivated_count').notNullable().defaultTo(0)
    })
    this.schema.alterTable('signature_count_deltas', (table) => {
      table.integer('stopped').notNullable().defaultTo(0)
      table.integer('deactivated').notNullable().defaultTo(0)
      table.integer('invalidation_id').nullable()
    })
    this.defer(async (db) => {
      const confirmedInactive = `signatures.petition_id = petitions.id
            AND signatures.confirmed_at IS NOT NULL AND signatures.active = ?
            AND signatures.invalidation_id IS NULL`
      await db.rawQuery(
        `UPDATE petitions SET
           stopped_count = (SELECT COUNT(*) FROM signatures WHERE ${confirmedInactive}
                              AND signatures.blocked_rule IS NOT NULL),
           deactivated_count = (SELECT COUNT(*) FROM signatures WHERE ${confirmedInactive}
                                  AND signatures.blocked_rule IS NULL)`,
        [false, false]
      )
      const side = (condition: string) =>
        `(SELECT COUNT(*) FROM signatures
           WHERE signatures.invalidation_id = signature_invalidations.id
             AND signatures.confirmed_at IS NOT NULL AND ${condition})`
      const atLeast = (column: string, count: string) =>
        `CASE WHEN ${count} > ${column} THEN ${count} ELSE ${column} END`
      await db.rawQuery(
        `UPDATE signature_invalidations SET
           support_removed = ${atLeast('support_removed', side('signatures.score > 0'))},
           oppose_removed = ${atLeast('oppose_removed', side('signatures.score <= 0'))}
         WHERE undone_at IS NULL`
      )
    })
  }

  async down() {
    this.schema.alterTable('signature_count_deltas', (table) => {
      table.dropColumn('invalidation_id')
      table.dropColumn('deactivated')
      table.dropColumn('stopped')
    })
    this.schema.alterTable('petitions', (table) => {
      table.dropColumn('deactivated_count')
      table.dropColumn('stopped_count')
    })
  }
}
