import { createServer, type Server } from 'node:http'
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import {
  base64Encode,
  leafBytes,
  leafHash,
  rootOf,
  treeHeadBytes,
  type LogLeaf,
  type LogPublicKey,
  type SignedTreeHead,
} from '../../log-verifier/verifier.ts'

/**
 * A transparency log and its open data as the site serves them (the routes
 * of the log's public contract), built in the test: to run the auditor
 * against a log that agrees, and against one that does not.
 */

/** The largest power of two below `size` (size >= 2): where RFC 9162 splits a tree. */
function split(size: number) {
  return 2 ** Math.floor(Math.log2(size - 1))
}

/** RFC 9162 §2.1.3.1 PATH(m, D[n]), written apart from the verifier's own walk. */
export async function inclusionPath(index: number, hashes: Uint8Array[]): Promise<Uint8Array[]> {
  if (hashes.length <= 1) return []
  const k = split(hashes.length)
  return index < k
    ? [...(await inclusionPath(index, hashes.slice(0, k))), await rootOf(hashes.slice(k))]
    : [...(await inclusionPath(index - k, hashes.slice(k))), await rootOf(hashes.slice(0, k))]
}

/** RFC 9162 §2.1.4.1 SUBPROOF(m, D[n], b). */
async function subproof(
  first: number,
  hashes: Uint8Array[],
  whole: boolean
): Promise<Uint8Array[]> {
  if (first === hashes.length) return whole ? [] : [await rootOf(hashes)]
  const k = split(hashes.length)
  return first <= k
    ? [...(await subproof(first, hashes.slice(0, k), whole)), await rootOf(hashes.slice(k))]
    : [...(await subproof(first - k, hashes.slice(k), false)), await rootOf(hashes.slice(0, k))]
}

/** RFC 9162 §2.1.4.1 PROOF(m, D[n]). */
export function consistencyPath(first: number, second: number, hashes: Uint8Array[]) {
  return subproof(first, hashes.slice(0, second), true)
}

export function logKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const jwk = publicKey.export({ format: 'jwk' }) as LogPublicKey
  return { privateKey, jwk: { ...jwk, alg: 'EdDSA', use: 'sig', kid: 'test-key' } }
}

export function signHead(
  privateKey: KeyObject,
  head: Omit<SignedTreeHead, 'signature'>
): SignedTreeHead {
  const signature = sign(null, treeHeadBytes(head), privateKey)
  return { ...head, signature: signature.toString('base64') }
}

export interface PublishedPetition {
  slug: string
  guid: string
  logTreeSize: number
  supportCount: number
  opposeCount: number
  paperCount: number
}

export interface FakeLog {
  jwk: LogPublicKey
  leaves: Uint8Array[]
  hashes: Uint8Array[]
  /** Every head the log signed, ascending; the first `published` are public. */
  heads: SignedTreeHead[]
  published: number
  petitions: PublishedPetition[]
  /** Called on each GET /log/sth, before it answers (a head signed while the auditor waits). */
  onLatest?: () => void
}

/** A log of `leaves` signed by `privateKey` at each of `headSizes`, with its open data. */
export async function buildLog(options: {
  leaves: LogLeaf[]
  headSizes: number[]
  keys: ReturnType<typeof logKeys>
  petitions: PublishedPetition[]
}): Promise<FakeLog> {
  const leaves = options.leaves.map((leaf) => leafBytes(leaf))
  const hashes = await Promise.all(leaves.map((leaf) => leafHash(leaf)))
  const heads = []
  for (const [position, treeSize] of options.headSizes.entries()) {
    const rootHash = base64Encode(await rootOf(hashes.slice(0, treeSize)))
    heads.push(
      signHead(options.keys.privateKey, {
        treeSize,
        timestamp: 1_800_000_000_000 + position,
        rootHash,
      })
    )
  }
  return {
    jwk: options.keys.jwk,
    leaves,
    hashes,
    heads,
    published: heads.length,
    petitions: options.petitions,
  }
}

function listedPage(log: FakeLog, page: number) {
  // One petition a page, with links to the site's configured address (not the one audited).
  const next =
    page < log.petitions.length ? `https://example.org/petitions.json?page=${page + 1}` : null
  return {
    data: log.petitions
      .slice(page - 1, page)
      .map((petition) => ({ ...petition, title: 'A petition' })),
    meta: {
      total: log.petitions.length,
      perPage: 1,
      currentPage: page,
      lastPage: log.petitions.length,
    },
    links: { next },
  }
}

async function answer(log: FakeLog, url: URL): Promise<[number, unknown]> {
  const heads = log.heads.slice(0, log.published)
  const number = (name: string) => Number(url.searchParams.get(name))
  const stored = log.leaves.length
  const path = url.pathname
  if (path === '/.well-known/undersign/log-key') return [200, log.jwk]
  if (path === '/log/sth') {
    log.onLatest?.()
    const latest = log.heads.slice(0, log.published).at(-1)
    return latest ? [200, latest] : [404, { error: 'no tree head yet' }]
  }
  const sized = /^\/log\/sth\/(\d+)$/.exec(path)
  if (sized) {
    const head = heads.find(({ treeSize }) => treeSize === Number(sized[1]))
    return head ? [200, head] : [404, {}]
  }
  if (path === '/log/sths') {
    // As the site: `after` is a size (0 or more), every head without it.
    const after = url.searchParams.has('after') ? number('after') : -1
    if (url.searchParams.has('after') && !(after >= 0)) return [400, {}]
    return [200, { treeHeads: heads.filter(({ treeSize }) => treeSize > after).slice(0, 1000) }]
  }
  if (path === '/log/entries') {
    const start = number('start')
    const end = Math.min(number('end'), start + 999, stored - 1)
    if (!(start >= 0 && start <= number('end'))) return [400, {}]
    const indexes = Array.from(
      { length: Math.max(0, end - start + 1) },
      (_, offset) => start + offset
    )
    return [200, indexes.map((index) => ({ index, leaf: base64Encode(log.leaves[index]) }))]
  }
  if (path === '/log/proof/inclusion') {
    const [index, treeSize] = [number('index'), number('treeSize')]
    if (!(index < treeSize && treeSize <= stored)) return [400, {}]
    const proof = await inclusionPath(index, log.hashes.slice(0, treeSize))
    return [200, { index, treeSize, path: proof.map((hash) => base64Encode(hash)) }]
  }
  if (path === '/log/proof/consistency') {
    const [first, second] = [number('first'), number('second')]
    if (!(first > 0 && first <= second && second <= stored)) return [400, {}]
    const proof = await consistencyPath(first, second, log.hashes)
    return [200, { first, second, path: proof.map((hash) => base64Encode(hash)) }]
  }
  if (path === '/petitions.json') return [200, listedPage(log, number('page') || 1)]
  const document = /^\/petition\/([^/]+)\.json$/.exec(path)
  const petition = document && log.petitions.find(({ slug }) => slug === document[1])
  return petition ? [200, { ...petition, title: 'A petition' }] : [404, {}]
}

/** Serves `current.log` on a free port of 127.0.0.1; swap `current.log` to serve another log there. */
export async function serveLog(log: FakeLog) {
  const current = { log }
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    answer(current.log, url).then(([status, body]) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    current,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
