import {
  base64Decode,
  decodeHashes,
  importLogKey,
  leafHash,
  leafMatchesReceipt,
  parseLeaf,
  parseReceipt,
  parseTreeHead,
  verifyInclusion,
  verifyTreeHead,
  type LogLeaf,
  type LogPublicKey,
  type SignedTreeHead,
  type VerifyingKey,
} from '../../log-verifier/verifier.ts'
import { urlFor } from '~/client.ts'

/**
 * A receipt checked in the browser against the public log, with the site's
 * verifier (log-verifier/verifier.ts, the one `npm run log:audit` runs):
 * the latest signed head and its signature, the leaf at the receipt's index
 * and its commitment to the receipt's secret, and the leaf's inclusion proof
 * in that head. Only public parts of the log are asked for, the leaf by its
 * index; the secret never leaves the page.
 */
export type ReceiptCheck =
  | { state: 'malformed' }
  /** The browser cannot check: no Web Crypto (a plain-http page) or no Ed25519 in it. */
  | { state: 'unsupported' }
  /** The log could not be read (the network, or the site answered an error). */
  | { state: 'unreachable' }
  /** No signed head covers the leaf yet: the site signs within seconds. */
  | { state: 'pending' }
  | { state: 'bad_signature' }
  /** The leaf at that index is not the online signature the secret commits to. */
  | { state: 'forged' }
  /** The log could not prove the leaf part of its signed tree (or served a malformed one). */
  | { state: 'bad_proof' }
  | { state: 'verified'; index: number; leaf: LogLeaf; head: SignedTreeHead }

/**
 * What came after the signature's leaf, up to the signed head: nothing, its
 * removal from the count, or its removal and a later count again (the
 * latest of those leaves, with whether its inclusion is proven too).
 */
export type LaterChange =
  | { kind: 'none' }
  | { kind: 'removed' | 'counted_again'; index: number; leaf: LogLeaf; proven: boolean }

export type RemovalSearch =
  { state: 'searching' } | { state: 'failed' } | { state: 'done'; change: LaterChange }

class LogUnreachable extends Error {}

/** JSON the log answers, null for a 404; `fresh` asks past the browser's cache (the latest head changes). */
async function readJson(url: string, signal?: AbortSignal, fresh = false): Promise<unknown> {
  let response: Response
  try {
    const cache = fresh ? 'no-cache' : 'default'
    response = await fetch(url, { headers: { Accept: 'application/json' }, signal, cache })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new LogUnreachable()
  }
  if (response.status === 404) return null
  if (!response.ok) throw new LogUnreachable()
  return response.json()
}

type Entry = { index: number; bytes: Uint8Array }

/** Leaves `start` to `end` included, with their exact bytes; a malformed answer is none. */
async function entries(start: number, end: number, signal?: AbortSignal): Promise<Entry[] | null> {
  const answer = await readJson(urlFor('log.entries', {}, { qs: { start, end } }), signal)
  if (!Array.isArray(answer)) return null
  const read: Entry[] = []
  for (const entry of answer as Array<{ index?: unknown; leaf?: unknown }>) {
    if (typeof entry?.index !== 'number' || typeof entry.leaf !== 'string') return null
    try {
      read.push({ index: entry.index, bytes: base64Decode(entry.leaf) })
    } catch {
      return null
    }
  }
  return read
}

/** Whether the leaf's bytes at `index` are proven part of the signed head's tree. */
async function proveInclusion(
  index: number,
  bytes: Uint8Array,
  head: SignedTreeHead,
  signal?: AbortSignal
) {
  const url = urlFor('log.inclusion', {}, { qs: { index, treeSize: head.treeSize } })
  const proof = (await readJson(url, signal)) as { path?: unknown } | null
  const path = decodeHashes(proof?.path)
  if (!path) return false
  return verifyInclusion({
    index,
    treeSize: head.treeSize,
    leafHash: await leafHash(bytes),
    path,
    rootHash: base64Decode(head.rootHash),
  })
}

/**
 * The log's key for Web Crypto: null when it is no Ed25519 key (the log's
 * fault), `unsupported` when this browser cannot verify Ed25519 at all.
 */
async function importedKey(jwk: LogPublicKey): Promise<VerifyingKey | null | 'unsupported'> {
  try {
    return await importLogKey(jwk)
  } catch (error) {
    const unsupported = error instanceof DOMException && error.name === 'NotSupportedError'
    return unsupported ? 'unsupported' : null
  }
}

/** The receipt checked against the latest signed head (see ReceiptCheck). */
export async function checkReceipt(text: string, signal?: AbortSignal): Promise<ReceiptCheck> {
  const receipt = parseReceipt(text)
  if (!receipt) return { state: 'malformed' }
  if (!globalThis.crypto?.subtle) return { state: 'unsupported' }
  try {
    const [key, latest] = await Promise.all([
      readJson(urlFor('log.key'), signal),
      readJson(urlFor('log.latest_head'), signal, true),
    ])
    if (!key) return { state: 'unreachable' }
    const verifyingKey = await importedKey(key as LogPublicKey)
    if (verifyingKey === 'unsupported') return { state: 'unsupported' }
    // No head yet: the log has just started.
    if (latest === null) return { state: 'pending' }
    const head = parseTreeHead(latest)
    if (!head || !verifyingKey || !(await verifyTreeHead(head, verifyingKey))) {
      return { state: 'bad_signature' }
    }
    if (receipt.index >= head.treeSize) return { state: 'pending' }
    const [entry] = (await entries(receipt.index, receipt.index, signal)) ?? []
    const leaf = entry?.index === receipt.index ? parseLeaf(entry.bytes) : null
    if (!entry || !leaf) return { state: 'bad_proof' }
    if (leaf.event !== 'add' || !(await leafMatchesReceipt(leaf, receipt.secret))) {
      return { state: 'forged' }
    }
    if (!(await proveInclusion(receipt.index, entry.bytes, head, signal))) {
      return { state: 'bad_proof' }
    }
    return { state: 'verified', index: receipt.index, leaf, head }
  } catch (error) {
    if (error instanceof LogUnreachable) return { state: 'unreachable' }
    throw error
  }
}

/**
 * The signature's later leaves, up to its signed head: the log lists the
 * leaves carrying its commitment (public, like every leaf; the secret stays
 * here), and the latest one after its receipt's tells whether it was removed
 * from the count since (or removed and counted again), with its inclusion
 * proven. `onProgress` hears the search start.
 */
export async function searchLaterChanges(
  verified: Extract<ReceiptCheck, { state: 'verified' }>,
  onProgress: (search: RemovalSearch) => void,
  signal?: AbortSignal
): Promise<RemovalSearch> {
  const { index, leaf, head } = verified
  onProgress({ state: 'searching' })
  try {
    const url = urlFor('log.commitment', { commitment: leaf.commitment ?? '' })
    // Past the browser's cache: a removal may have come since the last look.
    const answer = await readJson(url, signal, true)
    if (!Array.isArray(answer)) return { state: 'failed' }
    let latest: { entry: Entry; leaf: LogLeaf } | null = null
    for (const item of answer as Array<{ index?: unknown; leaf?: unknown }>) {
      if (typeof item?.index !== 'number' || typeof item.leaf !== 'string')
        return { state: 'failed' }
      // Past the signed head the log has not vouched for it yet.
      if (item.index <= index || item.index >= head.treeSize) continue
      const entry = { index: item.index, bytes: base64Decode(item.leaf) }
      const later = parseLeaf(entry.bytes)
      if (later?.commitment === leaf.commitment && later?.petition === leaf.petition) {
        latest = { entry, leaf: later }
      }
    }
    if (!latest) return { state: 'done', change: { kind: 'none' } }
    const proven = await proveInclusion(latest.entry.index, latest.entry.bytes, head, signal)
    const kind = latest.leaf.event === 'remove' ? 'removed' : 'counted_again'
    return {
      state: 'done',
      change: { kind, index: latest.entry.index, leaf: latest.leaf, proven },
    }
  } catch (error) {
    if (error instanceof LogUnreachable) return { state: 'failed' }
    if (error instanceof TypeError) return { state: 'failed' }
    throw error
  }
}
