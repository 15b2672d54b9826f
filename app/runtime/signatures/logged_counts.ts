import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { appendToLog, type CountChange } from '#runtime/transparency/log_appends'
import type { DeltaRow } from '#runtime/signatures/flushed_counts'

/** Petitions per guid lookup. */
const GUID_BATCH = 1000

/**
 * A flush's delta rows as changes of the public counts, in the order they
 * were recorded: a row moving support or opposition (never one that only
 * moves what does not count, nor one an invalidation already took out) is
 * one change, an online signature's with its commitment.
 */
function countChangesOf(rows: DeltaRow[], guids: Map<number, string>) {
  const ordered = [...rows].sort((a, b) => Number(a.id) - Number(b.id))
  const changes: Array<CountChange & { petitionId: number }> = []
  for (const row of ordered) {
    if (row.invalidation_id !== null && row.invalidation_id !== undefined) continue
    const petitionId = Number(row.petition_id)
    const petition = guids.get(petitionId)
    if (!petition) continue
    for (const side of ['support', 'oppose'] as const) {
      const moved = Number(row[side])
      if (moved === 0) continue
      changes.push({
        petitionId,
        petition,
        event: moved > 0 ? 'add' : 'remove',
        side,
        n: Math.abs(moved),
        ...(row.commitment ? { commitment: row.commitment } : {}),
      })
    }
  }
  return changes
}

/**
 * Appends a flush's changes to the transparency log in the flush's
 * transaction, so that the counts and their log never disagree, also after
 * a crash. Returns the tree's size after them and the petitions they were of.
 */
export async function logCountChanges(trx: TransactionClientContract, rows: DeltaRow[]) {
  const ids = [...new Set(rows.map((row) => Number(row.petition_id)))]
  const guids = new Map<number, string>()
  for (let start = 0; start < ids.length; start += GUID_BATCH) {
    const batch = ids.slice(start, start + GUID_BATCH)
    for (const row of await trx.from('petitions').whereIn('id', batch).select('id', 'guid')) {
      guids.set(Number(row.id), row.guid)
    }
  }
  const changes = countChangesOf(rows, guids)
  if (changes.length === 0) return { treeSize: 0, petitionIds: new Set<number>() }
  const treeSize = await appendToLog(
    trx,
    changes.map(({ petitionId: _, ...change }) => change)
  )
  return { treeSize, petitionIds: new Set(changes.map((change) => change.petitionId)) }
}
