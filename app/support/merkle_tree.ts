import { createHash } from 'node:crypto'

/*
 * The Merkle tree of RFC 9162 (Certificate Transparency 2.0), §2.1, on
 * stored subtree hashes: appending needs only the tree's right edge, and a
 * proof only the complete subtrees it names, never a rehash of the tree.
 * A complete subtree is named by its level (2^level leaves) and its
 * position among the subtrees of that level.
 */

export type SubtreeKey = { level: number; position: number }

/** The hash of a leaf: SHA-256(0x00 ‖ its bytes). */
export function leafHash(leaf: Buffer): Buffer {
  return createHash('sha256').update(Buffer.of(0)).update(leaf).digest()
}

/** The hash of an inner node: SHA-256(0x01 ‖ left ‖ right). */
export function nodeHash(left: Buffer, right: Buffer): Buffer {
  return createHash('sha256').update(Buffer.of(1)).update(left).update(right).digest()
}

/** The root of the empty tree: SHA-256 of nothing. */
export const EMPTY_ROOT = createHash('sha256').digest()

/**
 * The complete subtrees that make up leaves [start, end), left to right:
 * each the largest aligned power of two that fits. Ranges of RFC 9162's
 * recursion start aligned, so theirs are exactly the splits it makes.
 */
export function piecesOf(start: number, end: number): SubtreeKey[] {
  const pieces: SubtreeKey[] = []
  let at = start
  while (at < end) {
    let level = 0
    while (at % 2 ** (level + 1) === 0 && at + 2 ** (level + 1) <= end) level++
    pieces.push({ level, position: at / 2 ** level })
    at += 2 ** level
  }
  return pieces
}

/** MTH of a range from its pieces' hashes: the recursion folds from the right. */
export function hashOfPieces(hashes: Buffer[]): Buffer {
  if (hashes.length === 0) return EMPTY_ROOT
  let hash = hashes[hashes.length - 1]
  for (let index = hashes.length - 2; index >= 0; index--) hash = nodeHash(hashes[index], hash)
  return hash
}

/** The largest power of two smaller than n (n > 1). */
function split(n: number) {
  let k = 1
  while (k * 2 < n) k *= 2
  return k
}

/** A range of leaves whose hash (MTH) a proof carries. */
export type Range = { start: number; end: number }

/**
 * The ranges whose hashes prove leaf `index` in the tree of `size` leaves,
 * in the order of the audit path (RFC 9162 §2.1.3.1: PATH(m, D[n])).
 */
export function inclusionRanges(index: number, size: number): Range[] {
  const path: Range[] = []
  const walk = (m: number, start: number, end: number) => {
    const n = end - start
    if (n <= 1) return
    const k = split(n)
    if (m < k) {
      walk(m, start, start + k)
      path.push({ start: start + k, end })
    } else {
      walk(m - k, start + k, end)
      path.push({ start, end: start + k })
    }
  }
  walk(index, 0, size)
  return path
}

/**
 * The ranges whose hashes prove that the tree of `first` leaves is a prefix
 * of the tree of `second` (RFC 9162 §2.1.4.1: SUBPROOF(m, D[n], true)).
 */
export function consistencyRanges(first: number, second: number): Range[] {
  const proof: Range[] = []
  const walk = (m: number, start: number, end: number, whole: boolean) => {
    const n = end - start
    if (m === n) {
      if (!whole) proof.push({ start, end })
      return
    }
    const k = split(n)
    if (m <= k) {
      walk(m, start, start + k, whole)
      proof.push({ start: start + k, end })
    } else {
      walk(m - k, start + k, end, false)
      proof.push({ start, end: start + k })
    }
  }
  if (first > 0 && first < second) walk(first, 0, second, true)
  return proof
}

/** What appending leaves to a tree made: the new edge, root and every completed subtree. */
export type Appended = { edge: Buffer[]; root: Buffer; nodes: Array<SubtreeKey & { hash: Buffer }> }

/**
 * Appends leaf hashes to a tree of `size` leaves whose right edge has the
 * hashes `edge` (left to right): each leaf joins the complete subtrees it
 * completes. Returns the new edge, the new root and the inner nodes made.
 */
export function appendLeaves(size: number, edge: Buffer[], leafHashes: Buffer[]): Appended {
  const stack = [...edge]
  const nodes: Appended['nodes'] = []
  let count = size
  for (const hash of leafHashes) {
    let carry = hash
    let level = 0
    let position = count
    // An odd position closes a pair: the subtree on its left joins it, one level up.
    while (position % 2 === 1) {
      carry = nodeHash(stack.pop()!, carry)
      level++
      position = (position - 1) / 2
      nodes.push({ level, position, hash: carry })
    }
    stack.push(carry)
    count++
  }
  return { edge: stack, root: hashOfPieces(stack), nodes }
}
