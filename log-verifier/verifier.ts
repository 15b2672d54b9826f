/**
 * An independent verifier of Undersign's transparency log: Merkle trees as
 * RFC 9162 (Certificate Transparency 2.0) §2.1 defines them, signed tree
 * heads, leaves, receipts and the counts the leaves add up to.
 *
 * It imports nothing (neither the site's code nor a package): only what both
 * Node 24 and browsers offer (Web Crypto, TextEncoder/TextDecoder,
 * atob/btoa), so that anyone can read it whole, run it against the site with
 * `npm run log:audit`, and the /verify page runs the very same checks. Plain
 * erasable TypeScript: Node runs it without a build.
 *
 * Every check answers a boolean or null rather than throwing on what a
 * server sent: a verifier refuses, it does not crash. Only the base64
 * decoders and `commitmentOf` throw (a TypeError) on malformed input.
 */

/** A signed tree head as the log serves it (`/log/sth`). */
export interface SignedTreeHead {
  treeSize: number
  /** Milliseconds since the epoch. */
  timestamp: number
  /** Standard base64, padded, of the 32-byte root hash. */
  rootHash: string
  /** Standard base64, padded, of the 64-byte Ed25519 signature of `treeHeadBytes`. */
  signature: string
}

/** The log's public key as `/.well-known/undersign/log-key` serves it (a JWK). */
export interface LogPublicKey {
  kty: string
  crv: string
  x: string
  alg?: string
  use?: string
  kid?: string
}

/**
 * The key Web Crypto imported (a CryptoKey), named through Web Crypto itself:
 * the server's typecheck knows CryptoKey only as a value.
 */
export type VerifyingKey = Awaited<ReturnType<typeof globalThis.crypto.subtle.importKey>>

export type LeafEvent = 'add' | 'remove' | 'paper' | 'paper-remove'
export type LeafSide = 'support' | 'oppose'

/** One leaf of the log, as `parseLeaf` reads it from the leaf's exact bytes. */
export interface LogLeaf {
  v: 1
  /** The petition's guid. */
  petition: string
  event: LeafEvent
  side: LeafSide
  n: number
  /** The hour it happened, `2026-12-07T10:00:00Z`. */
  hour: string
  /** Only on an online signature's leaf: base64url (no padding) of SHA-256 of the receipt's secret. */
  commitment?: string
}

export interface PetitionCounts {
  support: number
  oppose: number
  paper: number
}

/** A receipt `"<leaf index>.<secret base64url>"`, read. */
export interface Receipt {
  index: number
  secret: string
}

export interface InclusionCheck {
  index: number
  treeSize: number
  leafHash: Uint8Array
  path: readonly Uint8Array[]
  rootHash: Uint8Array
}

export interface ConsistencyCheck {
  first: number
  second: number
  firstRoot: Uint8Array
  secondRoot: Uint8Array
  path: readonly Uint8Array[]
}

export const HASH_SIZE = 32
export const SECRET_SIZE = 16
export const TREE_HEAD_PREFIX = 'undersign-log-v1\n'

const LEAF_PREFIX = Uint8Array.of(0)
const NODE_PREFIX = Uint8Array.of(1)
const SIGNATURE_SIZE = 64
const STANDARD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
const URL_SAFE_BASE64 = /^[A-Za-z0-9_-]*$/
const HOUR = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):00:00Z$/
const EVENTS: readonly string[] = ['add', 'remove', 'paper', 'paper-remove']
const SIDES: readonly string[] = ['support', 'oppose']

// ---------------------------------------------------------------- encodings

export function base64Encode(bytes: Uint8Array): string {
  let binary = ''
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000))
  }
  return btoa(binary)
}

/** Standard, padded base64; only its one canonical spelling (a hash has one form). */
export function base64Decode(text: string): Uint8Array<ArrayBuffer> {
  if (!STANDARD_BASE64.test(text)) throw new TypeError('Not standard padded base64')
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  if (base64Encode(bytes) !== text) throw new TypeError('Not the canonical base64 of its bytes')
  return bytes
}

export function base64UrlEncode(bytes: Uint8Array): string {
  return base64Encode(bytes).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/** Base64url without padding, in its one canonical spelling. */
export function base64UrlDecode(text: string): Uint8Array<ArrayBuffer> {
  if (!URL_SAFE_BASE64.test(text) || text.length % 4 === 1) {
    throw new TypeError('Not base64url without padding')
  }
  const padding = '='.repeat((4 - (text.length % 4)) % 4)
  return base64Decode(text.replaceAll('-', '+').replaceAll('_', '/') + padding)
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

export function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new TypeError('Not hexadecimal bytes')
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
}

export function equalBytes(left: Uint8Array, right: Uint8Array): boolean {
  return left.length === right.length && left.every((byte, index) => byte === right[index])
}

/** Base64 hashes (an inclusion or consistency path) as bytes, or null unless each is 32 bytes. */
export function decodeHashes(values: unknown): Uint8Array<ArrayBuffer>[] | null {
  if (!Array.isArray(values)) return null
  const hashes: Uint8Array<ArrayBuffer>[] = []
  for (const value of values) {
    const hash = typeof value === 'string' ? decodeOrNull(value, base64Decode) : null
    if (!hash || hash.length !== HASH_SIZE) return null
    hashes.push(hash)
  }
  return hashes
}

function decodeOrNull(
  text: string,
  decode: (text: string) => Uint8Array<ArrayBuffer>
): Uint8Array<ArrayBuffer> | null {
  try {
    return decode(text)
  } catch {
    return null
  }
}

// ---------------------------------------------------------------- hashes

function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
  let offset = 0
  for (const part of parts) {
    joined.set(part, offset)
    offset += part.length
  }
  return joined
}

export async function sha256(bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', concat([bytes])))
}

/** SHA-256(0x00 || leaf bytes). */
export function leafHash(leaf: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  return sha256(concat([LEAF_PREFIX, leaf]))
}

/** SHA-256(0x01 || left || right). */
export function nodeHash(left: Uint8Array, right: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  return sha256(concat([NODE_PREFIX, left, right]))
}

/**
 * The Merkle tree hash of leaves appended one by one, keeping only the
 * perfect subtrees on its right edge (log2 of the size of them), so that a
 * log of millions of leaves replays in little memory and its root is known
 * at every size on the way.
 */
export class TreeBuilder {
  #edge: Array<{ leaves: number; hash: Uint8Array<ArrayBuffer> }> = []
  #size = 0

  get size(): number {
    return this.#size
  }

  async append(hash: Uint8Array): Promise<void> {
    let subtree = { leaves: 1, hash: concat([hash]) }
    let last = this.#edge.at(-1)
    while (last && last.leaves === subtree.leaves) {
      this.#edge.pop()
      subtree = { leaves: subtree.leaves * 2, hash: await nodeHash(last.hash, subtree.hash) }
      last = this.#edge.at(-1)
    }
    this.#edge.push(subtree)
    this.#size++
  }

  /** MTH of the leaves so far: the edge's subtrees folded from the right. */
  async root(): Promise<Uint8Array<ArrayBuffer>> {
    if (this.#edge.length === 0) return sha256(new Uint8Array())
    let root = this.#edge[this.#edge.length - 1].hash
    for (let index = this.#edge.length - 2; index >= 0; index--) {
      root = await nodeHash(this.#edge[index].hash, root)
    }
    return root
  }
}

/** RFC 9162 MTH of the given leaf hashes; SHA-256("") for none. */
export async function rootOf(leafHashes: readonly Uint8Array[]): Promise<Uint8Array<ArrayBuffer>> {
  const tree = new TreeBuilder()
  for (const hash of leafHashes) await tree.append(hash)
  return tree.root()
}

// ---------------------------------------------------------------- proofs

function isSize(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0
}

function isHash(value: Uint8Array): boolean {
  return value instanceof Uint8Array && value.length === HASH_SIZE
}

/** A right shift by one, in arithmetic: sizes may pass 2^31, where `>>` breaks. */
function half(value: number): number {
  return Math.floor(value / 2)
}

function isOdd(value: number): boolean {
  return value % 2 === 1
}

/** RFC 9162 §2.1.3.2: whether `path` proves the leaf hash at `index` in the tree of `treeSize` with `rootHash`. */
export async function verifyInclusion(check: InclusionCheck): Promise<boolean> {
  const { index, treeSize, leafHash: hash, path, rootHash } = check
  if (!isSize(index) || !isSize(treeSize) || index >= treeSize) return false
  if (!isHash(hash) || !isHash(rootHash) || !path.every(isHash)) return false
  let fn = index
  let sn = treeSize - 1
  let root: Uint8Array = hash
  for (const sibling of path) {
    if (sn === 0) return false
    if (isOdd(fn) || fn === sn) {
      root = await nodeHash(sibling, root)
      while (!isOdd(fn) && fn !== 0) {
        fn = half(fn)
        sn = half(sn)
      }
    } else {
      root = await nodeHash(root, sibling)
    }
    fn = half(fn)
    sn = half(sn)
  }
  return sn === 0 && equalBytes(root, rootHash)
}

/**
 * RFC 9162 §2.1.4.2: whether `path` proves that the tree of size `first` and
 * root `firstRoot` is a prefix of the tree of size `second` and root
 * `secondRoot`. Equal sizes need an empty path and equal roots; the empty
 * tree (root SHA-256("")) is the prefix of every tree, with an empty path.
 */
export async function verifyConsistency(check: ConsistencyCheck): Promise<boolean> {
  const { first, second, firstRoot, secondRoot, path } = check
  if (!isSize(first) || !isSize(second) || first > second) return false
  if (!isHash(firstRoot) || !isHash(secondRoot) || !path.every(isHash)) return false
  if (first === second) return path.length === 0 && equalBytes(firstRoot, secondRoot)
  if (first === 0) return path.length === 0 && equalBytes(firstRoot, await sha256(new Uint8Array()))
  if (path.length === 0) return false
  // A first tree of 2^k leaves is itself a node of the second: the proof leaves it out.
  const nodes = Number.isInteger(Math.log2(first)) ? [firstRoot, ...path] : [...path]
  let fn = first - 1
  let sn = second - 1
  while (isOdd(fn)) {
    fn = half(fn)
    sn = half(sn)
  }
  let firstHash: Uint8Array = nodes[0]
  let secondHash: Uint8Array = nodes[0]
  for (const node of nodes.slice(1)) {
    if (sn === 0) return false
    if (isOdd(fn) || fn === sn) {
      firstHash = await nodeHash(node, firstHash)
      secondHash = await nodeHash(node, secondHash)
      while (!isOdd(fn) && fn !== 0) {
        fn = half(fn)
        sn = half(sn)
      }
    } else {
      secondHash = await nodeHash(secondHash, node)
    }
    fn = half(fn)
    sn = half(sn)
  }
  return sn === 0 && equalBytes(firstHash, firstRoot) && equalBytes(secondHash, secondRoot)
}

// ---------------------------------------------------------------- tree heads

/** A tree head's fields checked (sizes, a 32-byte root, a 64-byte signature), or null. */
export function parseTreeHead(value: unknown): SignedTreeHead | null {
  if (typeof value !== 'object' || value === null) return null
  const { treeSize, timestamp, rootHash, signature } = value as Record<string, unknown>
  if (!isSize(treeSize) || !isSize(timestamp)) return null
  if (typeof rootHash !== 'string' || typeof signature !== 'string') return null
  if (decodeOrNull(rootHash, base64Decode)?.length !== HASH_SIZE) return null
  if (decodeOrNull(signature, base64Decode)?.length !== SIGNATURE_SIZE) return null
  return { treeSize, timestamp, rootHash, signature }
}

/** The bytes the log signs: "undersign-log-v1\n" + treeSize + "\n" + timestamp + "\n" + rootHash. */
export function treeHeadBytes(
  sth: Pick<SignedTreeHead, 'treeSize' | 'timestamp' | 'rootHash'>
): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(
    `${TREE_HEAD_PREFIX}${sth.treeSize}\n${sth.timestamp}\n${sth.rootHash}`
  )
}

/** The log's Ed25519 key for Web Crypto; throws unless the JWK is an Ed25519 public key. */
export async function importLogKey(jwk: LogPublicKey): Promise<VerifyingKey> {
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string') {
    throw new TypeError('Not an Ed25519 public key (JWK kty OKP, crv Ed25519)')
  }
  if (base64UrlDecode(jwk.x).length !== 32) throw new TypeError('An Ed25519 key has 32 bytes')
  return globalThis.crypto.subtle.importKey(
    'jwk',
    { kty: 'OKP', crv: 'Ed25519', x: jwk.x },
    { name: 'Ed25519' },
    false,
    ['verify']
  )
}

/** Whether `sth` is well formed and signed by the key (a JWK, or the CryptoKey `importLogKey` made). */
export async function verifyTreeHead(
  sth: SignedTreeHead,
  key: LogPublicKey | VerifyingKey
): Promise<boolean> {
  const head = parseTreeHead(sth)
  if (!head) return false
  try {
    const cryptoKey = 'kty' in key ? await importLogKey(key) : key
    return await globalThis.crypto.subtle.verify(
      { name: 'Ed25519' },
      cryptoKey,
      base64Decode(head.signature),
      treeHeadBytes(head)
    )
  } catch {
    return false
  }
}

// ---------------------------------------------------------------- leaves

/** A leaf's exact bytes: compact JSON, keys in the contract's order. */
export function leafBytes(leaf: LogLeaf): Uint8Array<ArrayBuffer> {
  const { v, petition, event, side, n, hour, commitment } = leaf
  const ordered = {
    v,
    petition,
    event,
    side,
    n,
    hour,
    ...(commitment === undefined ? {} : { commitment }),
  }
  return new TextEncoder().encode(JSON.stringify(ordered))
}

/**
 * A leaf read from its bytes, or null unless they are exactly the compact
 * JSON the contract fixes (keys in order, no spaces, nothing more) with
 * values it allows: a paper batch is for support; a commitment (32 bytes of
 * SHA-256 in base64url) only on an online signature's add or remove of one.
 */
export function parseLeaf(bytes: Uint8Array): LogLeaf | null {
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes))
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const { v, petition, event, side, n, hour, commitment } = value as Record<string, unknown>
  if (v !== 1 || typeof petition !== 'string' || petition === '') return null
  if (typeof event !== 'string' || !EVENTS.includes(event)) return null
  if (typeof side !== 'string' || !SIDES.includes(side)) return null
  if (!Number.isSafeInteger(n) || (n as number) < 1) return null
  if (typeof hour !== 'string' || !HOUR.test(hour)) return null
  if ((event === 'paper' || event === 'paper-remove') && side !== 'support') return null
  if (commitment !== undefined) {
    if (typeof commitment !== 'string' || n !== 1) return null
    if (event !== 'add' && event !== 'remove') return null
    if (decodeOrNull(commitment, base64UrlDecode)?.length !== HASH_SIZE) return null
  }
  const leaf: LogLeaf = {
    v,
    petition,
    event: event as LeafEvent,
    side: side as LeafSide,
    n: n as number,
    hour,
    ...(commitment === undefined ? {} : { commitment }),
  }
  return equalBytes(leafBytes(leaf), bytes) ? leaf : null
}

/** What one leaf adds to its petition's counts (negative for a removal). */
export function leafDelta(leaf: LogLeaf): PetitionCounts {
  switch (leaf.event) {
    case 'add':
      return leaf.side === 'support'
        ? { support: leaf.n, oppose: 0, paper: 0 }
        : { support: 0, oppose: leaf.n, paper: 0 }
    case 'remove':
      return leaf.side === 'support'
        ? { support: -leaf.n, oppose: 0, paper: 0 }
        : { support: 0, oppose: -leaf.n, paper: 0 }
    case 'paper':
      return { support: leaf.n, oppose: 0, paper: leaf.n }
    case 'paper-remove':
      return { support: -leaf.n, oppose: 0, paper: -leaf.n }
  }
}

/**
 * Each petition's counts (by guid) from its leaves: support = Σ add(support)
 * − remove(support) + paper − paper-remove; oppose = Σ add(oppose) −
 * remove(oppose); paper = Σ paper − paper-remove. Pass the leaves below a
 * tree size for the counts at that size.
 */
export function countsOf(leaves: Iterable<LogLeaf>): Map<string, PetitionCounts> {
  const counts = new Map<string, PetitionCounts>()
  for (const leaf of leaves) {
    const total = counts.get(leaf.petition) ?? { support: 0, oppose: 0, paper: 0 }
    const delta = leafDelta(leaf)
    total.support += delta.support
    total.oppose += delta.oppose
    total.paper += delta.paper
    counts.set(leaf.petition, total)
  }
  return counts
}

// ---------------------------------------------------------------- receipts

/** base64url (no padding) of SHA-256 of the secret's bytes; throws unless the secret is base64url. */
export async function commitmentOf(secretBase64url: string): Promise<string> {
  return base64UrlEncode(await sha256(base64UrlDecode(secretBase64url)))
}

/** `"<leaf index>.<secret>"` read (surrounding blanks ignored), or null unless the secret is 16 bytes. */
export function parseReceipt(text: string): Receipt | null {
  const match = /^(0|[1-9]\d*)\.([A-Za-z0-9_-]+)$/.exec(text.trim())
  if (!match) return null
  const index = Number(match[1])
  if (!Number.isSafeInteger(index)) return null
  if (decodeOrNull(match[2], base64UrlDecode)?.length !== SECRET_SIZE) return null
  return { index, secret: match[2] }
}

/** Whether the leaf is the online signature the receipt's secret commits to. */
export async function leafMatchesReceipt(leaf: LogLeaf, secretBase64url: string): Promise<boolean> {
  if (leaf.commitment === undefined) return false
  try {
    return (await commitmentOf(secretBase64url)) === leaf.commitment
  } catch {
    return false
  }
}
