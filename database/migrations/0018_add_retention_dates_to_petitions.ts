import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * Petitions finished before `finished_at` existed: their last change is when
 * they were finished at the latest, so their retention period counts from it
 * (from their creation when they were never updated).
 */
export async function backfillFinishedAt(db: QueryClientContract) {
  await db
    .from('petitions')
    .where('finished', true)
    .whereNull('finished_at')
    .update({ finished_at: db.raw('COALESCE(updated_at, created_at)') })
}

/**
 * The signers' personal data of a finished petition is erased some months
 * after it was finished (SIGNATURE_RETENTION_MONTHS), and its owner is told
 * 30 days before. `finished_at` is when the owner finished it (null while it
 * is open); `retention_notice_sent_at` and `signatures_erased_at` record the
 * last notice and the last erasure, so each happens once per time the
 * petition is finished. The index lets the daily job find the petitions
 * whose time has come without reading the open ones.
 */
export default class extends BaseSchema {
  protected tableName = 'petitions'

  async up() {
    this.schema.alterTable(this.tableName, (table) => {
      table.timestamp('finished_at').nullable()
      table.timestamp('retention_notice_sent_at').nullable()
      table.timestamp('signatures_erased_at').nullable()
      table.index(['finished_at'], 'petitions_finished_at_index')
    })

    this.defer((db) => backfillFinishedAt(db))
  }

  async down() {
    this.schema.alterTable(this.tableName, (table) => {
      table.dropIndex(['finished_at'], 'petitions_finished_at_index')
      table.dropColumn('signatures_erased_at')
      table.dropColumn('retention_notice_sent_at')
      table.dropColumn('finished_at')
    })
  }
}
