/**
 * Audits an Undersign site's transparency log from the outside, with
 * nothing of the site's code: `npm run log:audit -- <site URL> [--state FILE]`.
 *
 * It checks each signed tree head it has not seen (signature, consistency
 * with the one before and with the head kept from the last audit), replays
 * every entry to recompute the roots, sums each petition's leaves and
 * compares the sums with the counts the open data publishes at the tree
 * size it names, and spot-checks a few inclusion proofs. One line per
 * disagreement; exit code 1 when there is any.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import {
  type LogPublicKey,
  type PetitionCounts,
  type SignedTreeHead,
  type VerifyingKey,
  base64Decode,
  base64Encode,
  decodeHashes,
  equalBytes,
  importLogKey,
  leafDelta,
  leafHash,
  parseLeaf,
  parseTreeHead,
  TreeBuilder,
  verifyConsistency,
  verifyInclusion,
  verifyTreeHead,
} from './verifier.ts'

const USAGE = 'Usage: npm run log:audit -- <site URL> [--state FILE]'
const PAGE = 1000
/** How long a petition may name a tree size the log has not signed yet. */
const SIGNING_WAIT_MS = 15_000
const SPOT_CHECKS = 5
/** Malformed leaves reported one by one; past that, a count. */
const MALFORMED_SHOWN = 50

interface Options {
  site: URL
  statePath: string
}

/** What the last audit of this site verified: the log's key and its latest tree head. */
interface AuditState {
  site: string
  key: string
  treeHead: SignedTreeHead
  checkedAt: string
}

/** A petition's counts as one open-data document publishes them. */
interface PublishedCounts {
  document: string
  slug: string
  guid: string
  logTreeSize: number
  counts: PetitionCounts
}

class Failure extends Error {}

function parseOptions(args: string[]): Options {
  let site: URL | undefined
  let statePath: string | undefined
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]
    if (arg === '--state') {
      statePath = args[++index]
      if (!statePath) throw new Failure(USAGE)
    } else if (arg.startsWith('--state=')) {
      statePath = arg.slice('--state='.length)
    } else if (!site && !arg.startsWith('--')) {
      try {
        site = new URL(arg)
      } catch {
        throw new Failure(`Not a URL: ${arg}\n${USAGE}`)
      }
    } else {
      throw new Failure(USAGE)
    }
  }
  if (!site || !['http:', 'https:'].includes(site.protocol)) throw new Failure(USAGE)
  return { site, statePath: statePath ?? `tmp/log-audit/${site.host.replaceAll(':', '_')}.json` }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** GET as JSON; null on 404 when allowed. Waits out 429 (the open data's rate limit) and retries a dropped connection. */
async function getJson(url: URL, { allowMissing = false } = {}): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    let response: Response
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(30_000),
      })
    } catch (error) {
      if (attempt < 3) {
        await sleep(1000 * attempt)
        continue
      }
      throw new Failure(`GET ${url.href} failed: ${(error as Error).message}`)
    }
    if (response.status === 429 && attempt < 6) {
      const seconds = Number(response.headers.get('retry-after'))
      await sleep(Math.min(Number.isFinite(seconds) && seconds > 0 ? seconds : 5, 60) * 1000)
      continue
    }
    if (response.status === 404 && allowMissing) return null
    if (!response.ok) throw new Failure(`GET ${url.href} answered ${response.status}`)
    try {
      return await response.json()
    } catch {
      throw new Failure(`GET ${url.href} answered no JSON`)
    }
  }
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[name]
    : undefined
}

function isCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0
}

/** One petition's leaves, in log order, as the deltas they add to its counts. */
class PetitionLeaves {
  indexes: number[] = []
  deltas: PetitionCounts[] = []

  countsBelow(treeSize: number): PetitionCounts {
    const total = { support: 0, oppose: 0, paper: 0 }
    for (
      let position = 0;
      position < this.indexes.length && this.indexes[position] < treeSize;
      position++
    ) {
      total.support += this.deltas[position].support
      total.oppose += this.deltas[position].oppose
      total.paper += this.deltas[position].paper
    }
    return total
  }
}

class Audit {
  readonly site: URL
  readonly problems: string[] = []
  /** Heads whose signature and consistency were checked, oldest first. */
  headsChecked = 0
  consistencyProofs = 0
  rootsRecomputed = 0
  inclusionProofs = 0
  malformedLeaves = 0
  /** The latest head verified so far; the replay has reached its size. */
  verified: SignedTreeHead | null = null
  /** Whether the log itself checked (signatures, proofs, roots, entries): the state is kept only then. */
  logSound = true

  #key: VerifyingKey | null = null
  #tree = new TreeBuilder()
  #expectedRoots = new Map<number, string>()
  #petitions = new Map<string, PetitionLeaves>()
  #spotHashes = new Map<number, Uint8Array>()
  #running = new Map<string, PetitionCounts>()

  constructor(site: URL) {
    this.site = site
  }

  url(path: string, query: Record<string, number | string> = {}): URL {
    const url = new URL(path, this.site)
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value))
    return url
  }

  logProblem(line: string) {
    this.logSound = false
    this.problems.push(line)
  }

  async loadKey(saved: AuditState | null): Promise<LogPublicKey> {
    const jwk = (await getJson(this.url('/.well-known/undersign/log-key'))) as LogPublicKey
    try {
      this.#key = await importLogKey(jwk)
    } catch (error) {
      throw new Failure(`The log's key is no Ed25519 public key: ${(error as Error).message}`)
    }
    if (saved && saved.key !== jwk.x) {
      this.logProblem(
        `the log's key changed since the last audit (${saved.key} then, ${jwk.x} now)`
      )
    }
    return jwk
  }

  async latestHead(): Promise<SignedTreeHead | null> {
    const answer = await getJson(this.url('/log/sth'), { allowMissing: true })
    if (answer === null) return null
    const head = parseTreeHead(answer)
    if (!head) throw new Failure(`/log/sth answered no tree head: ${JSON.stringify(answer)}`)
    return head
  }

  /** The heads after `after`, up to `latest`, each checked for its signature; `latest` last. */
  async headsUpTo(after: number, latest: SignedTreeHead): Promise<SignedTreeHead[]> {
    const heads: SignedTreeHead[] = []
    let cursor = after
    while (cursor < latest.treeSize) {
      // Without `after`, every head: the log takes no negative size.
      const query = cursor >= 0 ? { after: cursor } : {}
      const page = field(await getJson(this.url('/log/sths', query)), 'treeHeads')
      if (!Array.isArray(page)) throw new Failure(`/log/sths?after=${cursor} answered no treeHeads`)
      const before = cursor
      for (const value of page) {
        const head = parseTreeHead(value)
        if (!head) {
          throw new Failure(
            `/log/sths?after=${cursor} holds a malformed tree head: ${JSON.stringify(value)}`
          )
        }
        if (head.treeSize <= cursor) {
          this.logProblem(
            `/log/sths?after=${cursor} answered the head of size ${head.treeSize} out of order`
          )
          continue
        }
        if (head.treeSize > latest.treeSize) break
        heads.push(head)
        cursor = head.treeSize
      }
      // A page that brought nothing new (empty, or past the latest) ends the list.
      if (cursor === before) break
    }
    const last = heads.at(-1)
    if (last?.treeSize === latest.treeSize) {
      if (last.rootHash !== latest.rootHash) {
        this.logProblem(
          `two heads of size ${latest.treeSize} with different roots: ${latest.rootHash} (/log/sth) and ${last.rootHash} (/log/sths)`
        )
      }
    } else if (latest.treeSize > after) {
      heads.push(latest)
    }
    return heads
  }

  async checkSignature(head: SignedTreeHead): Promise<boolean> {
    if (await verifyTreeHead(head, this.#key as VerifyingKey)) return true
    this.logProblem(
      `the tree head of size ${head.treeSize} (timestamp ${head.timestamp}) is not signed by the log's key`
    )
    return false
  }

  async checkConsistency(older: SignedTreeHead, newer: SignedTreeHead) {
    let path: Uint8Array[] = []
    if (older.treeSize > 0 && older.treeSize < newer.treeSize) {
      const answer = await getJson(
        this.url('/log/proof/consistency', { first: older.treeSize, second: newer.treeSize })
      )
      const decoded = decodeHashes(field(answer, 'path'))
      if (!decoded) {
        this.logProblem(`the consistency proof ${older.treeSize} → ${newer.treeSize} is malformed`)
        return
      }
      path = decoded
      this.consistencyProofs++
    }
    const consistent = await verifyConsistency({
      first: older.treeSize,
      second: newer.treeSize,
      firstRoot: base64Decode(older.rootHash),
      secondRoot: base64Decode(newer.rootHash),
      path,
    })
    if (!consistent) {
      this.logProblem(
        older.treeSize > newer.treeSize
          ? `the log shrank: a head of size ${older.treeSize} was signed, now the latest is of size ${newer.treeSize}`
          : `the tree head of size ${newer.treeSize} is not consistent with the one of size ${older.treeSize}`
      )
    }
  }

  /** Checks the heads up to `latest` (from `from`, the last one verified), then replays the entries up to it. */
  async extendTo(latest: SignedTreeHead, from: SignedTreeHead | null) {
    const heads = await this.headsUpTo(from?.treeSize ?? -1, latest)
    if (from && latest.treeSize <= from.treeSize) {
      // No newer head: the latest must be the one verified before (or the log went back).
      this.headsChecked++
      await this.checkSignature(latest)
      await this.checkConsistency(from, latest)
    }
    let previous = from
    for (const head of heads) {
      this.headsChecked++
      await this.checkSignature(head)
      if (previous) await this.checkConsistency(previous, head)
      this.expect(head)
      previous = head
    }
    if (from) this.expect(from)
    await this.replayTo(latest.treeSize)
    this.verified = latest
  }

  /** A root the replay must meet at its size. */
  expect(head: SignedTreeHead) {
    if (head.treeSize <= this.#tree.size) return
    const known = this.#expectedRoots.get(head.treeSize)
    if (known !== undefined && known !== head.rootHash) {
      this.logProblem(
        `two heads of size ${head.treeSize} with different roots: ${known} and ${head.rootHash}`
      )
    }
    this.#expectedRoots.set(head.treeSize, head.rootHash)
  }

  async replayTo(treeSize: number) {
    while (this.#tree.size < treeSize) {
      const start = this.#tree.size
      const end = Math.min(start + PAGE, treeSize) - 1
      const entries = await getJson(this.url('/log/entries', { start, end }))
      if (!Array.isArray(entries) || entries.length === 0) {
        this.logProblem(
          `/log/entries?start=${start}&end=${end} answered no entries, yet a head of size ${treeSize} is signed`
        )
        return
      }
      for (const entry of entries.slice(0, end - start + 1)) {
        const index = this.#tree.size
        if (field(entry, 'index') !== index) {
          this.logProblem(
            `/log/entries?start=${start}: entry ${index} came as index ${JSON.stringify(field(entry, 'index'))}`
          )
          return
        }
        const text = field(entry, 'leaf')
        let bytes: Uint8Array
        try {
          bytes = base64Decode(typeof text === 'string' ? text : '?')
        } catch {
          this.logProblem(`entry ${index}: its leaf is not base64`)
          return
        }
        await this.addLeaf(index, bytes)
        await this.checkRoot()
      }
    }
  }

  async addLeaf(index: number, bytes: Uint8Array) {
    const hash = await leafHash(bytes)
    await this.#tree.append(hash)
    if (this.#spotHashes.has(index)) this.#spotHashes.set(index, hash)
    const leaf = parseLeaf(bytes)
    if (!leaf) {
      this.malformedLeaves++
      if (this.malformedLeaves <= MALFORMED_SHOWN) {
        this.logProblem(
          `entry ${index}: malformed leaf ${JSON.stringify(new TextDecoder().decode(bytes))}`
        )
      } else {
        this.logSound = false
      }
      return
    }
    const delta = leafDelta(leaf)
    const leaves = this.#petitions.get(leaf.petition) ?? new PetitionLeaves()
    leaves.indexes.push(index)
    leaves.deltas.push(delta)
    this.#petitions.set(leaf.petition, leaves)
    const running = this.#running.get(leaf.petition) ?? { support: 0, oppose: 0, paper: 0 }
    running.support += delta.support
    running.oppose += delta.oppose
    running.paper += delta.paper
    this.#running.set(leaf.petition, running)
    if (running.support < 0 || running.oppose < 0 || running.paper < 0) {
      this.logProblem(
        `entry ${index}: petition ${leaf.petition}'s counts go below zero (${formatCounts(running)})`
      )
    }
  }

  async checkRoot() {
    const expected = this.#expectedRoots.get(this.#tree.size)
    if (expected === undefined) return
    this.#expectedRoots.delete(this.#tree.size)
    this.rootsRecomputed++
    const root = base64Encode(await this.#tree.root())
    if (root !== expected) {
      this.logProblem(
        `the entries up to tree size ${this.#tree.size} hash to ${root}, the signed head says ${expected}`
      )
    }
  }

  /** A few leaves, the first, the last and some between, to check through the log's inclusion proofs. */
  chooseSpotChecks(treeSize: number) {
    const picks = [0, treeSize - 1, Math.floor(treeSize / 2)]
    for (let pick = 0; picks.length < SPOT_CHECKS + 2 && pick < SPOT_CHECKS; pick++) {
      picks.push(Math.floor(Math.random() * treeSize))
    }
    for (const index of picks.slice(0, SPOT_CHECKS)) {
      if (index >= 0 && index < treeSize) this.#spotHashes.set(index, new Uint8Array())
    }
  }

  async spotCheck(head: SignedTreeHead) {
    for (const [index, hash] of this.#spotHashes) {
      if (hash.length === 0) continue
      const answer = await getJson(
        this.url('/log/proof/inclusion', { index, treeSize: head.treeSize })
      )
      const path = decodeHashes(field(answer, 'path'))
      this.inclusionProofs++
      const included =
        path !== null &&
        (await verifyInclusion({
          index,
          treeSize: head.treeSize,
          leafHash: hash,
          path,
          rootHash: base64Decode(head.rootHash),
        }))
      if (!included)
        this.logProblem(
          `the inclusion proof of entry ${index} in the tree of size ${head.treeSize} fails`
        )
    }
    const same = parseTreeHead(
      await getJson(this.url(`/log/sth/${head.treeSize}`), { allowMissing: true })
    )
    if (
      !same ||
      same.rootHash !== head.rootHash ||
      !equalBytes(base64Decode(same.signature), base64Decode(head.signature))
    ) {
      this.logProblem(`/log/sth/${head.treeSize} does not answer the head /log/sth signed`)
    }
  }

  get petitionGuids(): string[] {
    return [...this.#petitions.keys()]
  }

  countsAt(guid: string, treeSize: number): PetitionCounts {
    return this.#petitions.get(guid)?.countsBelow(treeSize) ?? { support: 0, oppose: 0, paper: 0 }
  }

  /** Every petition of the open data's list, and each one's own document. */
  async publishedCounts(): Promise<PublishedCounts[]> {
    const published: PublishedCounts[] = []
    const slugs = new Set<string>()
    const visited = new Set<string>()
    let next: URL | null = this.url('/petitions.json')
    while (next && !visited.has(next.href)) {
      visited.add(next.href)
      const page = await getJson(next)
      const items = field(page, 'data')
      if (!Array.isArray(items))
        throw new Failure(`${next.pathname}${next.search} answered no data`)
      for (const item of items) {
        const slug = field(item, 'slug')
        if (typeof slug !== 'string') continue
        slugs.add(slug)
        const counts = this.readCounts(`${next.pathname}${next.search} (${slug})`, slug, item)
        if (counts) published.push(counts)
      }
      // Followed on the site audited (links name the site's configured address).
      const link = field(field(page, 'links'), 'next')
      next =
        typeof link === 'string'
          ? this.url(new URL(link, this.site).pathname + new URL(link, this.site).search)
          : null
    }
    for (const slug of slugs) {
      const path = `/petition/${encodeURIComponent(slug)}.json`
      const document = await getJson(this.url(path), { allowMissing: true })
      if (document === null) continue
      const counts = this.readCounts(path, slug, document)
      if (counts) published.push(counts)
    }
    return published
  }

  readCounts(document: string, slug: string, value: unknown): PublishedCounts | null {
    const guid = field(value, 'guid')
    const logTreeSize = field(value, 'logTreeSize')
    const support = field(value, 'supportCount')
    const oppose = field(value, 'opposeCount')
    const paper = field(value, 'paperCount')
    if (typeof guid !== 'string' || !isCount(logTreeSize)) {
      this.problems.push(`${document}: no guid and logTreeSize to compare with the log`)
      return null
    }
    if (!isCount(support) || !isCount(oppose) || !isCount(paper)) {
      this.problems.push(`${document}: no supportCount, opposeCount and paperCount`)
      return null
    }
    return { document, slug, guid, logTreeSize, counts: { support, oppose, paper } }
  }

  compare(published: PublishedCounts) {
    const { document, guid, logTreeSize, counts } = published
    const sums = this.countsAt(guid, logTreeSize)
    const names = { support: 'supportCount', oppose: 'opposeCount', paper: 'paperCount' } as const
    for (const side of ['support', 'oppose', 'paper'] as const) {
      if (counts[side] !== sums[side]) {
        this.problems.push(
          `${document}: petition ${guid} publishes ${names[side]} ${counts[side]} at logTreeSize ${logTreeSize}, its leaves below ${logTreeSize} sum to ${sums[side]}`
        )
      }
    }
  }
}

function formatCounts(counts: PetitionCounts) {
  return `support ${counts.support}, oppose ${counts.oppose}, paper ${counts.paper}`
}

async function readState(path: string, site: URL): Promise<AuditState | null> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch {
    return null
  }
  try {
    const state = JSON.parse(text) as AuditState
    const head = parseTreeHead(state.treeHead)
    if (head && typeof state.key === 'string' && state.site === site.origin)
      return { ...state, treeHead: head }
  } catch {
    // An unreadable state is no state: the audit starts over.
  }
  console.warn(`The state in ${path} is not of this site or unreadable: starting over.`)
  return null
}

async function writeState(path: string, state: AuditState) {
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, `${JSON.stringify(state, null, 2)}\n`)
}

/** Polls /log/sth until it signs `treeSize` leaves or more, for up to SIGNING_WAIT_MS. */
async function waitForHead(audit: Audit, treeSize: number): Promise<SignedTreeHead | null> {
  const deadline = Date.now() + SIGNING_WAIT_MS
  while (Date.now() < deadline) {
    await sleep(1000)
    const head = await audit.latestHead()
    if (head && head.treeSize >= treeSize) return head
  }
  return null
}

async function run(options: Options): Promise<number> {
  const { site, statePath } = options
  const audit = new Audit(site)
  const saved = await readState(statePath, site)
  const key = await audit.loadKey(saved)
  const lines = [
    `Audit of the transparency log of ${site.origin}`,
    `  key ${key.kid ?? key.x} (Ed25519)`,
  ]

  const latest = await audit.latestHead()
  if (!latest) {
    if (saved)
      audit.logProblem(
        `the log serves no tree head, yet one of size ${saved.treeHead.treeSize} was signed`
      )
    lines.push('  the log has signed no tree head yet')
  } else {
    if (saved) lines.push(`  from the head of size ${saved.treeHead.treeSize} kept in ${statePath}`)
    audit.chooseSpotChecks(latest.treeSize)
    await audit.extendTo(latest, saved?.treeHead ?? null)
    await audit.spotCheck(latest)

    const published = await audit.publishedCounts()
    let beyond = published.filter(
      ({ logTreeSize }) => logTreeSize > (audit.verified?.treeSize ?? 0)
    )
    for (const counts of published) if (!beyond.includes(counts)) audit.compare(counts)
    if (beyond.length > 0) {
      const needed = Math.max(...beyond.map(({ logTreeSize }) => logTreeSize))
      lines.push(
        `  ${beyond.length} open-data counts name a tree size past ${audit.verified?.treeSize}: waiting for the log to sign ${needed}`
      )
      const newer = await waitForHead(audit, needed)
      if (newer && audit.verified && newer.treeSize > audit.verified.treeSize) {
        await audit.extendTo(newer, audit.verified)
      }
      const signed = audit.verified?.treeSize ?? 0
      for (const counts of beyond) {
        if (counts.logTreeSize <= signed) audit.compare(counts)
      }
      beyond = beyond.filter(({ logTreeSize }) => logTreeSize > signed)
      for (const { document, logTreeSize } of beyond) {
        audit.problems.push(
          `${document}: logTreeSize ${logTreeSize} is past the latest signed tree head (${signed}) after ${SIGNING_WAIT_MS / 1000} s`
        )
      }
    }

    const compared = new Set(published.map(({ guid }) => guid))
    const unpublished = audit.petitionGuids.filter((guid) => !compared.has(guid))
    const head = audit.verified ?? latest
    lines.push(
      `  tree size ${head.treeSize}, signed ${new Date(head.timestamp).toISOString()}, root ${head.rootHash}`,
      `  tree heads checked: ${audit.headsChecked} (${audit.consistencyProofs} consistency proofs, roots recomputed at ${audit.rootsRecomputed} sizes)`,
      `  inclusion proofs checked: ${audit.inclusionProofs}`,
      `  petitions: ${audit.petitionGuids.length} in the log, ${compared.size} compared with the open data (${published.length} documents)` +
        (unpublished.length > 0
          ? `, ${unpublished.length} in the log but not in the open data (unlisted or unpublished: not compared)`
          : '')
    )
    if (audit.malformedLeaves > MALFORMED_SHOWN) {
      audit.problems.push(`${audit.malformedLeaves - MALFORMED_SHOWN} more malformed leaves`)
    }
    if (audit.logSound && audit.verified) {
      await writeState(statePath, {
        site: site.origin,
        key: key.x,
        treeHead: audit.verified,
        checkedAt: new Date().toISOString(),
      })
    }
  }

  console.log(lines.join('\n'))
  for (const problem of audit.problems) console.log(`DISAGREES: ${problem}`)
  console.log(
    audit.problems.length === 0
      ? 'OK: everything agrees'
      : `FAILED: ${audit.problems.length} disagreements`
  )
  return audit.problems.length === 0 ? 0 : 1
}

try {
  process.exitCode = await run(parseOptions(process.argv.slice(2)))
} catch (error) {
  console.log(error instanceof Failure ? `FAILED: ${error.message}` : error)
  process.exitCode = 1
}
