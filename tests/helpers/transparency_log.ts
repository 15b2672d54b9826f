import type { ApiClient } from '@japa/api-client'
import {
  base64Decode,
  base64Encode,
  countsOf,
  leafHash,
  parseLeaf,
  rootOf,
  verifyConsistency,
  verifyInclusion,
  verifyTreeHead,
  type LogLeaf,
  type LogPublicKey,
  type SignedTreeHead,
} from '../../log-verifier/verifier.js'
import { signatureCounter } from '#runtime/signatures/counter'
import { treeHeadSigner } from '#runtime/transparency/tree_heads'

/*
 * An auditor of the site's transparency log, over HTTP only, with the
 * log verifier's own RFC 9162 code (log-verifier/, which imports nothing
 * of the app): what anyone outside could check.
 */

/** The pending counts flushed and the tree head signed now, as the site does within seconds. */
export async function settleLog() {
  await signatureCounter.flush()
  await treeHeadSigner.sign({ ignoreInterval: true })
}

/** How an auditor reads the site: GET a path, get its JSON (a test client, or a shipped build's visitor). */
export type LogReader = ApiClient | ((path: string) => Promise<unknown>)

async function getJson<T>(reader: LogReader, path: string) {
  if (typeof reader === 'function') return (await reader(path)) as T
  const response = await reader.get(path)
  response.assertStatus(200)
  return response.body() as T
}

export type AuditedLog = {
  head: SignedTreeHead
  leaves: LogLeaf[]
  leafHashes: Uint8Array[]
  counts: ReturnType<typeof countsOf>
}

/**
 * Reads the latest signed tree head and every leaf, and checks the head's
 * signature, the root recomputed from the leaves and a proof of inclusion
 * for each leaf; throws on the first thing that does not hold.
 */
export async function auditLog(client: LogReader): Promise<AuditedLog> {
  const key = await getJson<LogPublicKey>(client, '/.well-known/undersign/log-key')
  const head = await getJson<SignedTreeHead>(client, '/log/sth')
  if (!(await verifyTreeHead(head, key))) throw new Error('the tree head is not signed by the key')
  const entries: Array<{ index: number; leaf: string }> = []
  for (let start = 0; start < head.treeSize; start += 1000) {
    const end = Math.min(start + 999, head.treeSize - 1)
    entries.push(
      ...(await getJson<typeof entries>(client, `/log/entries?start=${start}&end=${end}`))
    )
  }
  if (entries.length !== head.treeSize) throw new Error('the log does not serve every leaf')
  const bytes = entries.map((entry) => base64Decode(entry.leaf))
  const leafHashes = await Promise.all(bytes.map((leaf) => leafHash(leaf)))
  if (base64Encode(await rootOf(leafHashes)) !== head.rootHash) {
    throw new Error('the leaves do not make the signed root')
  }
  for (const [index, hash] of leafHashes.entries()) {
    const proof = await getJson<{ path: string[] }>(
      client,
      `/log/proof/inclusion?index=${index}&treeSize=${head.treeSize}`
    )
    const path = proof.path.map(base64Decode)
    const rootHash = base64Decode(head.rootHash)
    if (
      !(await verifyInclusion({ index, treeSize: head.treeSize, leafHash: hash, path, rootHash }))
    ) {
      throw new Error(`leaf ${index} is not proved in the signed tree`)
    }
  }
  const leaves = bytes.map((leaf, index) => {
    const parsed = parseLeaf(leaf)
    if (!parsed) throw new Error(`leaf ${index} is malformed`)
    return parsed
  })
  return { head, leaves, leafHashes, counts: countsOf(leaves) }
}

/** Whether the log proves the tree head `first` a prefix of `second`. */
export async function consistent(client: LogReader, first: SignedTreeHead, second: SignedTreeHead) {
  const proof = await getJson<{ path: string[] }>(
    client,
    `/log/proof/consistency?first=${first.treeSize}&second=${second.treeSize}`
  )
  return verifyConsistency({
    first: first.treeSize,
    second: second.treeSize,
    firstRoot: base64Decode(first.rootHash),
    secondRoot: base64Decode(second.rootHash),
    path: proof.path.map(base64Decode),
  })
}

/**
 * A petition's open data and the counts its leaves add up to below the
 * tree size the open data names: the two must be equal.
 */
export async function openDataAgainstLog(client: LogReader, slug: string, log: AuditedLog) {
  const open = await getJson<{
    guid: string
    supportCount: number
    opposeCount: number
    paperCount: number
    logTreeSize: number
  }>(client, `/petition/${slug}.json`)
  const below = countsOf(log.leaves.slice(0, open.logTreeSize))
  const logged = below.get(open.guid) ?? { support: 0, oppose: 0, paper: 0 }
  return {
    open: { support: open.supportCount, oppose: open.opposeCount, paper: open.paperCount },
    logged,
    treeSize: open.logTreeSize,
  }
}
