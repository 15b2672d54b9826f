import db from '@adonisjs/lucid/services/db'
import type { TreeHead } from '#shared/transparency_log'
import { LOG_HEADS } from '#runtime/transparency/log_tables'

type HeadRow = { tree_size: unknown; timestamp: unknown; root_hash: string; signature: string }

const headOf = (row: HeadRow): TreeHead => ({
  treeSize: Number(row.tree_size),
  timestamp: Number(row.timestamp),
  rootHash: row.root_hash,
  signature: row.signature,
})

const COLUMNS = ['tree_size', 'timestamp', 'root_hash', 'signature']

/** The latest signed tree head, or null while the log has none. */
export async function latestTreeHead() {
  const row = await db.from(LOG_HEADS).orderBy('tree_size', 'desc').select(COLUMNS).first()
  return row ? headOf(row) : null
}

/** The signed tree head of that size, or null. */
export async function treeHeadOfSize(treeSize: number) {
  const row = await db.from(LOG_HEADS).where('tree_size', treeSize).select(COLUMNS).first()
  return row ? headOf(row) : null
}

/** The signed tree heads larger than `after`, smallest first, `limit` at most. */
export async function treeHeadsAfter(after: number, limit: number) {
  const rows: HeadRow[] = await db
    .from(LOG_HEADS)
    .where('tree_size', '>', after)
    .orderBy('tree_size', 'asc')
    .limit(limit)
    .select(COLUMNS)
  return rows.map(headOf)
}

/** The latest tree head covering the first `treeSize` leaves: null while none is signed yet. */
export async function treeHeadCovering(treeSize: number) {
  const head = await latestTreeHead()
  return head && head.treeSize >= treeSize ? head : null
}
