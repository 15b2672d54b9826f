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
  | { state: 'searching'; read: number; total: number }
  | { state: 'failed' }
  /** `capped`: only the first `read` leaves after the signature's were read. */
  | { state: 'done'; change: LaterChange; capped: boolean; read: number }

/** Entries the log answers per call (its own page size). */
const ENTRIES_PAGE = 1000
/** Leaves read after the signature's at most: a few seconds of a browser's time. */
export const REMOVAL_SEARCH_CAP = 50_000

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
 * The leaves after a verified signature's, up to its signed head (a
 * thousand a call, `REMOVAL_SEARCH_CAP` at most), searched for the same
 * commitment: the latest such leaf tells whether the signature was removed
 * from the count since (or removed and counted again). `onProgress` hears
 * each page read.
 */
export async function searchLaterChanges(
  verified: Extract<ReceiptCheck, { state: 'verified' }>,
  onProgress: (search: RemovalSearch) => void,
  signal?: AbortSignal
): Promise<RemovalSearch> {
  const { index, leaf, head } = verified
  const last = Math.min(head.treeSize - 1, index + REMOVAL_SEARCH_CAP)
  const total = last - index
  let latest: Entry | null = null
  let latestLeaf: LogLeaf | null = null
  onProgress({ state: 'searching', read: 0, total })
  try {
    for (let start = index + 1; start <= last; start += ENTRIES_PAGE) {
      const page = await entries(start, Math.min(start + ENTRIES_PAGE - 1, last), signal)
      if (!page || page.length === 0) return { state: 'failed' }
      for (const entry of page) {
        const later = parseLeaf(entry.bytes)
        if (later?.commitment === leaf.commitment && later?.petition === leaf.petition) {
          latest = entry
          latestLeaf = later
        }
      }
      onProgress({ state: 'searching', read: page[page.length - 1].index - index, total })
    }
    const capped = last < head.treeSize - 1
    if (!latest || !latestLeaf)
      return { state: 'done', change: { kind: 'none' }, capped, read: total }
    const proven = await proveInclusion(latest.index, latest.bytes, head, signal)
    const kind = latestLeaf.event === 'remove' ? 'removed' : 'counted_again'
    return {
      state: 'done',
      change: { kind, index: latest.index, leaf: latestLeaf, proven },
      capped,
      read: total,
    }
  } catch (error) {
    if (error instanceof LogUnreachable) return { state: 'failed' }
    throw error
  }
}
