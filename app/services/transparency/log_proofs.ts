import db from '@adonisjs/lucid/services/db'
import {
  consistencyRanges,
  hashOfPieces,
  inclusionRanges,
  piecesOf,
  type Range,
  type SubtreeKey,
} from '#support/merkle_tree'
import { LOG_LEAVES, LOG_NODES } from '#runtime/transparency/log_tables'

/** The log's stored size: its leaves, signed or not yet. */
export async function storedLogSize() {
  const row = await db.from(LOG_LEAVES).max('leaf_index as last').first()
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1
}

const keyOf = ({ level, position }: SubtreeKey) => `${level}:${position}`

/** The stored hashes of complete subtrees: leaves from their table, the rest from the nodes'. */
async function storedHashes(keys: SubtreeKey[]) {
  const hashes = new Map<string, Buffer>()
  const leaves = keys.filter((key) => key.level === 0).map((key) => key.position)
  const inner = keys.filter((key) => key.level > 0)
  if (leaves.length > 0) {
    const rows = await db
      .from(LOG_LEAVES)
      .whereIn('leaf_index', leaves)
      .select('leaf_index', 'leaf_hash')
    for (const row of rows) hashes.set(`0:${row.leaf_index}`, Buffer.from(row.leaf_hash, 'base64'))
  }
  if (inner.length > 0) {
    const rows = await db
      .from(LOG_NODES)
      .where((query) => {
        for (const { level, position } of inner) {
          query.orWhere((pair) => pair.where('level', level).where('position', position))
        }
      })
      .select('level', 'position', 'hash')
    for (const row of rows)
      hashes.set(`${row.level}:${row.position}`, Buffer.from(row.hash, 'base64'))
  }
  return hashes
}

/** The hashes of ranges of leaves, read from the complete subtrees that make them up. */
async function hashesOfRanges(ranges: Range[]) {
  const pieces = ranges.map((range) => piecesOf(range.start, range.end))
  const unique = new Map(pieces.flat().map((key) => [keyOf(key), key]))
  const stored = await storedHashes([...unique.values()])
  return pieces.map((ofRange) =>
    hashOfPieces(
      ofRange.map((key) => {
        const hash = stored.get(keyOf(key))
        if (!hash) throw new Error(`the log lacks the subtree ${keyOf(key)}`)
        return hash
      })
    ).toString('base64')
  )
}

/** The audit path of leaf `index` in the tree of `treeSize` leaves (RFC 9162 §2.1.3.1). */
export function inclusionProof(index: number, treeSize: number) {
  return hashesOfRanges(inclusionRanges(index, treeSize))
}

/** The proof that the tree of `first` leaves is a prefix of that of `second` (RFC 9162 §2.1.4.1). */
export function consistencyProof(first: number, second: number) {
  return hashesOfRanges(consistencyRanges(first, second))
}
