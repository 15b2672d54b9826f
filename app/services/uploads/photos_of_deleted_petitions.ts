import drive from '@adonisjs/drive/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { UPLOADS_DISK } from '#config/drive'
import { deletePrivateFilesOrLog } from '#services/uploads/private_files'

/** The keys in `photo_path` of a table's rows for these petitions. */
async function photosOf(trx: TransactionClientContract, table: string, petitionIds: number[]) {
  const rows: Array<{ photo_path: string }> = await trx
    .from(table)
    .whereIn('petition_id', petitionIds)
    .whereNotNull('photo_path')
    .select('photo_path')
  return rows.map((row) => row.photo_path)
}

/**
 * Petitions deleted in `trx` (their batches and hand-overs go by cascade):
 * the photos of their paper sheets (private, on every disk that may hold
 * them) and hand-overs are deleted once it commits, so that a rollback
 * keeps them.
 */
export async function deletePetitionPhotosOnCommit(
  trx: TransactionClientContract,
  petitionIds: number[]
) {
  if (petitionIds.length === 0) return
  const sheets = await photosOf(trx, 'paper_signature_batches', petitionIds)
  const handovers = await photosOf(trx, 'petition_handovers', petitionIds)
  if (sheets.length > 0) trx.after('commit', () => deletePrivateFilesOrLog(sheets))
  if (handovers.length > 0) {
    trx.after('commit', async () => {
      const disk = drive.use(UPLOADS_DISK)
      for (const key of handovers) await disk.delete(key).catch(() => {})
    })
  }
}
