import drive from '@adonisjs/drive/services/main'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { PRIVATE_DISK, UPLOADS_DISK } from '#config/drive'

/** The tables that keep photos of a petition (their keys in `photo_path`), and the disk of each. */
const PHOTO_DISKS = {
  // Photos of paper sheets show signers' names: the private disk.
  paper_signature_batches: PRIVATE_DISK,
  petition_handovers: UPLOADS_DISK,
} as const

/**
 * Petitions deleted in `trx` (their batches and hand-overs go by cascade):
 * the photos of their paper sheets and hand-overs are deleted once it
 * commits, so that a rollback keeps them.
 */
export async function deletePetitionPhotosOnCommit(
  trx: TransactionClientContract,
  petitionIds: number[]
) {
  if (petitionIds.length === 0) return
  for (const [table, diskName] of Object.entries(PHOTO_DISKS)) {
    const rows: Array<{ photo_path: string }> = await trx
      .from(table)
      .whereIn('petition_id', petitionIds)
      .whereNotNull('photo_path')
      .select('photo_path')
    if (rows.length === 0) continue
    trx.after('commit', async () => {
      const disk = drive.use(diskName)
      for (const row of rows) await disk.delete(row.photo_path).catch(() => {})
    })
  }
}
