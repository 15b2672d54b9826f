import db from '@adonisjs/lucid/services/db'
import { LOG_LEAVES } from '#runtime/transparency/log_tables'

type LeafRow = { leaf_index: unknown; leaf: string }

/** A leaf as the log serves it: its index and its exact bytes as base64. */
const entryOf = (row: LeafRow) => ({
  index: Number(row.leaf_index),
  leaf: Buffer.from(row.leaf, 'utf8').toString('base64'),
})

/** Leaves from `start` to `end` included, with their exact bytes as base64. */
export async function logEntries(start: number, end: number) {
  const rows: LeafRow[] = await db
    .from(LOG_LEAVES)
    .whereBetween('leaf_index', [start, end])
    .orderBy('leaf_index', 'asc')
    .select('leaf_index', 'leaf')
  return rows.map(entryOf)
}

/**
 * The leaves that carry a commitment, in order (an online signature's:
 * counted, and removed or counted again since), with their exact bytes.
 */
export async function leavesWithCommitment(commitment: string) {
  const rows: LeafRow[] = await db
    .from(LOG_LEAVES)
    .where('commitment', commitment)
    .orderBy('leaf_index', 'asc')
    .limit(100)
    .select('leaf_index', 'leaf')
  return rows.map(entryOf)
}

/** The indexes of a petition's leaves after `after`, ascending, `limit` at most. */
export async function leafIndexesOf(guid: string, after: number, limit: number) {
  const rows: Array<{ leaf_index: unknown }> = await db
    .from(LOG_LEAVES)
    .where('petition_guid', guid)
    .where('leaf_index', '>', after)
    .orderBy('leaf_index', 'asc')
    .limit(limit)
    .select('leaf_index')
  return rows.map((row) => Number(row.leaf_index))
}

/** How many of a petition's leaves are among the first `treeSize`. */
export async function leafCountOf(guid: string, treeSize: number) {
  const [row] = await db
    .from(LOG_LEAVES)
    .where('petition_guid', guid)
    .where('leaf_index', '<', treeSize)
    .count('* as total')
  return Number(row.total)
}

/**
 * Receipts of signatures by their secrets' commitments: the index of each
 * one's latest counting leaf (a signature switched off and on again has
 * two), in one query. A commitment without a leaf yet (the flush is a
 * second away) or never (a signature that does not count) is absent.
 */
export async function countingLeaves(commitments: string[]) {
  const indexes = new Map<string, number>()
  if (commitments.length === 0) return indexes
  const rows: Array<{ commitment: string; last: unknown }> = await db
    .from(LOG_LEAVES)
    .whereIn('commitment', commitments)
    .where('event', 'add')
    .groupBy('commitment')
    .select('commitment')
    .max('leaf_index as last')
  for (const row of rows) indexes.set(row.commitment, Number(row.last))
  return indexes
}
