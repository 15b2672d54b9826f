import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { appendLeaves, EMPTY_ROOT, leafHash } from '#support/merkle_tree'
import { leafJson, type LogLeaf } from '#shared/transparency_log'
import { hourOf } from '#shared/hours'
import { treeHeadSigner } from '#runtime/transparency/tree_heads'
import { LOG_LEAVES, LOG_NODES, LOG_STATE } from '#runtime/transparency/log_tables'

const STATE_ROW = 1

/** Rows per INSERT: eight parameters a leaf, far below any database's limit. */
const LEAF_BATCH = 500

/** The tree as it stands: its size, root and right edge (base64 hashes). */
export type LogState = { size: number; root: string; edge: string[] }

/**
 * The tree's state, locked for this transaction: every append and every
 * tree head goes through this row, so leaves get their indexes one writer
 * at a time (SQLite's transactions hold the write lock from their start).
 * An emptied table (a test's truncation) is the empty tree again.
 */
export async function lockLogState(trx: TransactionClientContract): Promise<LogState> {
  const query = trx.from(LOG_STATE).where('id', STATE_ROW)
  const row = await (trx.dialect.name === 'postgres' ? query.forUpdate() : query).first()
  if (!row) {
    const empty = { id: STATE_ROW, tree_size: 0, root_hash: EMPTY_ROOT.toString('base64') }
    await trx
      .table(LOG_STATE)
      .insert({ ...empty, frontier: '[]' })
      .onConflict('id')
      .ignore()
    return lockLogState(trx)
  }
  return {
    size: Number(row.tree_size),
    root: row.root_hash,
    edge: JSON.parse(row.frontier) as string[],
  }
}

/** A change of a count, as the log records it (its petition by guid). */
export type CountChange = Omit<LogLeaf, 'v' | 'hour'>

/**
 * Appends the changes as leaves of the log, in the caller's transaction
 * (the one that moves the counts: both commit or neither), with the
 * subtrees they complete and the tree's new state. Returns the tree's size
 * after them; the tree heads' signer is woken once the transaction commits.
 */
export async function appendToLog(
  trx: TransactionClientContract,
  changes: CountChange[]
): Promise<number> {
  const state = await lockLogState(trx)
  if (changes.length === 0) return state.size
  const hour = new Date(hourOf() * 3_600_000).toISOString().replace('.000Z', 'Z')
  const leaves = changes.map((change) => {
    const bytes = Buffer.from(leafJson({ v: 1, ...change, hour }), 'utf8')
    return { change, bytes, hash: leafHash(bytes) }
  })
  const appended = appendLeaves(
    state.size,
    state.edge.map((hash) => Buffer.from(hash, 'base64')),
    leaves.map((leaf) => leaf.hash)
  )
  const rows = leaves.map(({ change, bytes, hash }, offset) => ({
    leaf_index: state.size + offset,
    petition_guid: change.petition,
    event: change.event,
    side: change.side,
    n: change.n,
    commitment: change.commitment ?? null,
    leaf: bytes.toString('utf8'),
    leaf_hash: hash.toString('base64'),
  }))
  for (let start = 0; start < rows.length; start += LEAF_BATCH) {
    await trx.table(LOG_LEAVES).multiInsert(rows.slice(start, start + LEAF_BATCH))
  }
  const nodes = appended.nodes.map(({ level, position, hash }) => ({
    level,
    position,
    hash: hash.toString('base64'),
  }))
  for (let start = 0; start < nodes.length; start += LEAF_BATCH) {
    await trx.table(LOG_NODES).multiInsert(nodes.slice(start, start + LEAF_BATCH))
  }
  const size = state.size + leaves.length
  await trx
    .from(LOG_STATE)
    .where('id', STATE_ROW)
    .update({
      tree_size: size,
      root_hash: appended.root.toString('base64'),
      frontier: JSON.stringify(appended.edge.map((hash) => hash.toString('base64'))),
    })
  trx.after('commit', () => treeHeadSigner.wake())
  return size
}
