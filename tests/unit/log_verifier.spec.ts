import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  base64Decode,
  base64Encode,
  base64UrlDecode,
  base64UrlEncode,
  commitmentOf,
  countsOf,
  fromHex,
  leafBytes,
  leafHash,
  leafMatchesReceipt,
  nodeHash,
  parseLeaf,
  parseReceipt,
  rootOf,
  toHex,
  treeHeadBytes,
  TreeBuilder,
  verifyConsistency,
  verifyInclusion,
  verifyTreeHead,
  type LogLeaf,
} from '../../log-verifier/verifier.ts'
import {
  buildLog,
  consistencyPath,
  inclusionPath,
  logKeys,
  serveLog,
  signHead,
  type PublishedPetition,
} from '#tests/helpers/fake_transparency_log'

/*
 * Known answers of RFC 6962 trees, from the Certificate Transparency
 * reference tests: transparency-dev/merkle, proof/verify_test.go (the same
 * vectors as google/certificate-transparency's merkle_tree_test.cc) and
 * rfc6962/rfc6962_test.go. Inclusion vectors name leaves from 1 there.
 */
const LEAVES = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
]
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
]
const EMPTY_ROOT = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
const SOME_HASH = 'abacaba000000000000000000000000000000000000000000060061e00123456'
const INCLUSION = [
  {
    leaf: 1,
    size: 8,
    path: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    leaf: 6,
    size: 8,
    path: [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  {
    leaf: 3,
    size: 3,
    path: ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125'],
  },
  {
    leaf: 2,
    size: 5,
    path: [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
]
const CONSISTENCY = [
  {
    first: 1,
    second: 8,
    path: [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  },
  {
    first: 6,
    second: 8,
    path: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
  {
    first: 2,
    second: 5,
    path: [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  },
  {
    first: 6,
    second: 7,
    path: [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  },
]

const hex = (hashes: string[]) => hashes.map((hash) => fromHex(hash))
const root = (size: number) => fromHex(ROOTS[size - 1])
const leafHashes = () => Promise.all(LEAVES.map((text) => leafHash(fromHex(text))))
const flipped = (path: Uint8Array[], position: number, bit: number) =>
  path.map((hash, index) =>
    index === position ? Uint8Array.from(hash, (byte, at) => (at === 0 ? byte ^ bit : byte)) : hash
  )

test.group('Log verifier: RFC 6962 known answers', () => {
  test('leaf and node hashes, the empty root and the roots of 1 to 8 leaves', async ({
    assert,
  }) => {
    assert.equal(toHex(await leafHash(new Uint8Array())), ROOTS[0])
    assert.equal(
      toHex(await leafHash(new TextEncoder().encode('L123456'))),
      '395aa064aa4c29f7010acfe3f25db9485bbd4b91897b6ad7ad547639252b4d56'
    )
    assert.equal(
      toHex(await nodeHash(new TextEncoder().encode('N123'), new TextEncoder().encode('N456'))),
      'aa217fe888e47007fa15edab33c2b492a722cb106c64667fc2b044444de66bbb'
    )
    assert.equal(toHex(await rootOf([])), EMPTY_ROOT)
    const hashes = await leafHashes()
    const tree = new TreeBuilder()
    for (let size = 1; size <= 8; size++) {
      assert.equal(toHex(await rootOf(hashes.slice(0, size))), ROOTS[size - 1], `size ${size}`)
      await tree.append(hashes[size - 1])
      assert.equal(tree.size, size)
      assert.equal(toHex(await tree.root()), ROOTS[size - 1], `built up to ${size}`)
    }
  })

  test('the reference inclusion proofs verify, and their corruptions do not', async ({
    assert,
  }) => {
    const hashes = await leafHashes()
    for (const vector of INCLUSION) {
      const index = vector.leaf - 1
      const check = {
        index,
        treeSize: vector.size,
        leafHash: hashes[index],
        path: hex(vector.path),
        rootHash: root(vector.size),
      }
      const name = `leaf ${index} of ${vector.size}`
      assert.isTrue(await verifyInclusion(check), name)
      assert.deepEqual(
        (await inclusionPath(index, hashes.slice(0, vector.size))).map(toHex),
        vector.path,
        `the test's own PATH agrees on ${name}`
      )
      const corruptions = [
        { ...check, index: index - 1 },
        { ...check, index: index + 1 },
        { ...check, index: index ^ 2 },
        { ...check, treeSize: vector.size * 2 },
        { ...check, treeSize: Math.floor(vector.size / 2) },
        { ...check, leafHash: new TextEncoder().encode('WrongLeaf') },
        { ...check, leafHash: hashes[(index + 1) % 8] },
        { ...check, rootHash: fromHex(EMPTY_ROOT) },
        { ...check, rootHash: fromHex(SOME_HASH) },
        { ...check, path: [...check.path, new Uint8Array()] },
        { ...check, path: [...check.path, check.rootHash] },
        { ...check, path: [new Uint8Array(), ...check.path] },
        { ...check, path: [check.rootHash, ...check.path] },
        { ...check, path: check.path.slice(0, -1) },
        { ...check, path: [check.path[0], fromHex(SOME_HASH), ...check.path.slice(1)] },
        ...check.path.map((_, position) => ({ ...check, path: flipped(check.path, position, 8) })),
      ]
      for (const [position, corrupted] of corruptions.entries()) {
        assert.isFalse(await verifyInclusion(corrupted), `${name}, corruption ${position}`)
      }
    }
    const single = await leafHash(new TextEncoder().encode('data'))
    const one = { index: 0, treeSize: 1, leafHash: single, path: [], rootHash: single }
    assert.isTrue(await verifyInclusion(one))
    assert.isFalse(await verifyInclusion({ ...one, rootHash: new Uint8Array() }))
    assert.isFalse(await verifyInclusion({ ...one, index: 1 }))
    assert.isFalse(await verifyInclusion({ ...one, treeSize: 0 }))
  })

  test('the reference consistency proofs verify, and their corruptions do not', async ({
    assert,
  }) => {
    const hashes = await leafHashes()
    for (const vector of CONSISTENCY) {
      const check = {
        first: vector.first,
        second: vector.second,
        firstRoot: root(vector.first),
        secondRoot: root(vector.second),
        path: hex(vector.path),
      }
      const name = `${vector.first} → ${vector.second}`
      assert.isTrue(await verifyConsistency(check), name)
      assert.deepEqual(
        (await consistencyPath(vector.first, vector.second, hashes)).map(toHex),
        vector.path,
        `the test's own PROOF agrees on ${name}`
      )
      const corruptions = [
        { ...check, first: vector.first - 1 },
        { ...check, first: vector.first + 1 },
        { ...check, first: vector.first ^ 2 },
        { ...check, second: vector.second * 2 },
        { ...check, second: Math.floor(vector.second / 2) },
        { ...check, firstRoot: fromHex(SOME_HASH) },
        { ...check, secondRoot: fromHex(SOME_HASH) },
        { ...check, firstRoot: check.secondRoot, secondRoot: check.firstRoot },
        { ...check, path: [] },
        { ...check, path: [...check.path, new Uint8Array()] },
        { ...check, path: [...check.path, check.firstRoot] },
        { ...check, path: [...check.path, check.secondRoot] },
        { ...check, path: [new Uint8Array(), ...check.path] },
        { ...check, path: [check.firstRoot, ...check.path] },
        { ...check, path: [check.secondRoot, ...check.path] },
        { ...check, path: [check.path[0], ...check.path] },
        { ...check, path: check.path.slice(0, -1) },
        ...check.path.map((_, position) => ({ ...check, path: flipped(check.path, position, 16) })),
      ]
      for (const [position, corrupted] of corruptions.entries()) {
        assert.isFalse(await verifyConsistency(corrupted), `${name}, corruption ${position}`)
      }
    }
    const empty = fromHex(EMPTY_ROOT)
    const edges: Array<[number, number, Uint8Array, Uint8Array, Uint8Array[], boolean]> = [
      // Equal sizes: an empty path and equal roots.
      [3, 3, root(3), root(3), [], true],
      [3, 3, root(3), root(4), [], false],
      [3, 3, root(3), root(3), [empty], false],
      // The empty tree (and only its root) is the prefix of every tree.
      [0, 5, empty, root(5), [], true],
      [0, 5, root(1), root(5), [], false],
      [0, 5, empty, root(5), [empty], false],
      // A log never shrinks.
      [5, 3, root(5), root(3), [], false],
    ]
    for (const [first, second, firstRoot, secondRoot, path, expected] of edges) {
      const check = { first, second, firstRoot, secondRoot, path }
      assert.equal(await verifyConsistency(check), expected, `${first} → ${second}`)
    }
  })

  test('every proof of the trees of up to 20 leaves verifies, and refuses a wrong leaf or root', async ({
    assert,
  }) => {
    const hashes = await Promise.all(
      Array.from({ length: 20 }, (_, index) => leafHash(new TextEncoder().encode(`leaf ${index}`)))
    )
    const roots = [await rootOf([])]
    for (let size = 1; size <= 20; size++) roots.push(await rootOf(hashes.slice(0, size)))
    for (let size = 1; size <= 20; size++) {
      for (let index = 0; index < size; index++) {
        const path = await inclusionPath(index, hashes.slice(0, size))
        const check = {
          index,
          treeSize: size,
          leafHash: hashes[index],
          path,
          rootHash: roots[size],
        }
        assert.isTrue(await verifyInclusion(check), `leaf ${index} of ${size}`)
        if (size > 1) {
          assert.isFalse(await verifyInclusion({ ...check, leafHash: hashes[(index + 1) % size] }))
        }
      }
      for (let first = 1; first < size; first++) {
        const path = await consistencyPath(first, size, hashes)
        const check = {
          first,
          second: size,
          firstRoot: roots[first],
          secondRoot: roots[size],
          path,
        }
        assert.isTrue(await verifyConsistency(check), `${first} → ${size}`)
        assert.isFalse(await verifyConsistency({ ...check, firstRoot: roots[first - 1] }))
      }
    }
  })
})

const SECRET = base64UrlEncode(Uint8Array.from({ length: 16 }, (_, index) => index))
const COMMITMENT = createHash('sha256').update(Buffer.from(SECRET, 'base64url')).digest('base64url')
const GUID = '0190a5c2-7e1f-7b3a-9c4d-2f6e8a1b3c5d'

function leaf(overrides: Partial<LogLeaf> = {}): LogLeaf {
  return {
    v: 1,
    petition: GUID,
    event: 'add',
    side: 'support',
    n: 1,
    hour: '2026-12-07T10:00:00Z',
    ...overrides,
  }
}

test.group('Log verifier: tree heads, leaves and receipts', () => {
  test('a tree head signed with Ed25519 verifies; a changed one or another key does not', async ({
    assert,
  }) => {
    const keys = logKeys()
    const head = signHead(keys.privateKey, {
      treeSize: 5,
      timestamp: 1_800_000_000_000,
      rootHash: base64Encode(root(5)),
    })
    assert.equal(
      new TextDecoder().decode(treeHeadBytes(head)),
      `undersign-log-v1\n5\n1800000000000\n${base64Encode(root(5))}`
    )
    assert.isTrue(await verifyTreeHead(head, keys.jwk))
    assert.isFalse(await verifyTreeHead({ ...head, treeSize: 6 }, keys.jwk))
    assert.isFalse(await verifyTreeHead({ ...head, timestamp: head.timestamp + 1 }, keys.jwk))
    assert.isFalse(await verifyTreeHead({ ...head, rootHash: base64Encode(root(4)) }, keys.jwk))
    const signature = base64Decode(head.signature)
    signature[10] ^= 1
    assert.isFalse(await verifyTreeHead({ ...head, signature: base64Encode(signature) }, keys.jwk))
    assert.isFalse(await verifyTreeHead(head, logKeys().jwk))
    assert.isFalse(await verifyTreeHead(head, { ...keys.jwk, crv: 'Ed448' }))
    assert.isFalse(await verifyTreeHead({ ...head, signature: 'not base64' }, keys.jwk))
  })

  test('base64 and base64url take only their canonical spelling', ({ assert }) => {
    const bytes = Uint8Array.of(0xfb, 0xff, 0xfe, 0x00, 0x10)
    assert.equal(base64Encode(bytes), '+//+ABA=')
    assert.equal(base64UrlEncode(bytes), '-__-ABA')
    assert.deepEqual([...base64Decode('+//+ABA=')], [...bytes])
    assert.deepEqual([...base64UrlDecode('-__-ABA')], [...bytes])
    assert.throws(() => base64Decode('+//+ABA'))
    assert.throws(() => base64Decode('+//+ABB='))
    assert.throws(() => base64Decode('-__-ABA='))
    assert.throws(() => base64UrlDecode('-__-ABA='))
    assert.throws(() => base64UrlDecode('+//+ABA'))
    assert.throws(() => base64UrlDecode('A'))
  })

  test('a leaf reads only from the exact compact JSON the contract fixes', ({ assert }) => {
    const encode = (text: string) => new TextEncoder().encode(text)
    const online = leaf({ commitment: COMMITMENT })
    assert.deepEqual(parseLeaf(leafBytes(online)), online)
    assert.equal(
      new TextDecoder().decode(leafBytes(online)),
      `{"v":1,"petition":"${GUID}","event":"add","side":"support","n":1,"hour":"2026-12-07T10:00:00Z","commitment":"${COMMITMENT}"}`
    )
    assert.deepEqual(
      parseLeaf(leafBytes(leaf({ event: 'paper', n: 40 }))),
      leaf({ event: 'paper', n: 40 })
    )
    assert.deepEqual(parseLeaf(leafBytes(leaf({ event: 'remove', side: 'oppose', n: 3 }))), {
      ...leaf({ event: 'remove', side: 'oppose', n: 3 }),
    })
    const text = new TextDecoder().decode(leafBytes(leaf()))
    const refused = [
      text.replace(',', ', '),
      text.replace('{"v":1,"petition"', '{"petition"').replace(`"${GUID}",`, `"${GUID}","v":1,`),
      text.replace('}', ',"extra":1}'),
      text.replace('"v":1', '"v":2'),
      text.replace('"add"', '"sign"'),
      text.replace('"support"', '"neutral"'),
      text.replace('"n":1', '"n":0'),
      text.replace('"n":1', '"n":1.5'),
      text.replace('10:00:00Z', '10:30:00Z'),
      text.replace(GUID, ''),
      new TextDecoder().decode(leafBytes(leaf({ event: 'paper', side: 'oppose', n: 4 }))),
      new TextDecoder().decode(leafBytes(leaf({ event: 'paper', commitment: COMMITMENT }))),
      new TextDecoder().decode(leafBytes(leaf({ n: 2, commitment: COMMITMENT }))),
      new TextDecoder().decode(leafBytes(leaf({ commitment: COMMITMENT.slice(1) }))),
      `${text}\n`,
      'null',
      '[]',
    ]
    for (const candidate of refused) assert.isNull(parseLeaf(encode(candidate)), candidate)
    assert.isNull(parseLeaf(Uint8Array.of(0x7b, 0xff, 0x7d)))
  })

  test('receipts, commitments and the counts the leaves add up to', async ({ assert }) => {
    assert.equal(await commitmentOf(SECRET), COMMITMENT)
    assert.deepEqual(parseReceipt(`1234.${SECRET}`), { index: 1234, secret: SECRET })
    assert.deepEqual(parseReceipt(` 0.${SECRET}\n`), { index: 0, secret: SECRET })
    for (const bad of [
      SECRET,
      `01.${SECRET}`,
      `-1.${SECRET}`,
      `1.${SECRET}=`,
      `1.${SECRET.slice(1)}`,
      `1.${base64UrlEncode(randomBytes(32))}`,
      `1.${SECRET}.2`,
      `99999999999999999999.${SECRET}`,
    ]) {
      assert.isNull(parseReceipt(bad), bad)
    }
    assert.isTrue(await leafMatchesReceipt(leaf({ commitment: COMMITMENT }), SECRET))
    assert.isFalse(
      await leafMatchesReceipt(leaf({ commitment: COMMITMENT }), base64UrlEncode(randomBytes(16)))
    )
    assert.isFalse(await leafMatchesReceipt(leaf(), SECRET))

    const other = 'another-petition'
    const counts = countsOf([
      leaf({ commitment: COMMITMENT }),
      leaf({ n: 5 }),
      leaf({ side: 'oppose', commitment: COMMITMENT }),
      leaf({ side: 'oppose', n: 2 }),
      leaf({ event: 'remove', side: 'oppose' }),
      leaf({ event: 'remove', commitment: COMMITMENT }),
      leaf({ event: 'paper', n: 40 }),
      leaf({ event: 'paper-remove', n: 15 }),
      leaf({ petition: other, event: 'paper', n: 7 }),
    ])
    assert.deepEqual(Object.fromEntries(counts), {
      [GUID]: { support: 1 + 5 - 1 + 40 - 15, oppose: 1 + 2 - 1, paper: 25 },
      [other]: { support: 7, oppose: 0, paper: 7 },
    })
  })
})

const APP_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** Runs `npm run log:audit`'s command with the Node 24 of the project. */
function runAudit(
  site: string,
  statePath: string
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      join(APP_ROOT, 'node_modules/.bin/node'),
      ['log-verifier/audit.ts', site, '--state', statePath],
      { cwd: APP_ROOT }
    )
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => resolve({ code, output }))
  })
}

const ONE = 'petition-one'
const TWO = 'petition-two'
const HIDDEN = 'petition-unlisted'

/** Five leaves of three petitions, signed at sizes 2, 3 and 5; the third petition is not in the open data. */
function fiveLeaves(): LogLeaf[] {
  return [
    leaf({ petition: ONE, commitment: COMMITMENT }),
    leaf({ petition: ONE, side: 'oppose', commitment: base64UrlEncode(randomBytes(32)) }),
    leaf({ petition: TWO, event: 'paper', n: 10 }),
    leaf({ petition: HIDDEN, n: 3 }),
    leaf({
      petition: TWO,
      commitment: base64UrlEncode(randomBytes(32)),
      hour: '2026-12-07T11:00:00Z',
    }),
  ]
}

function openData(two: Partial<PublishedPetition> = {}): PublishedPetition[] {
  return [
    { slug: 'one', guid: ONE, logTreeSize: 5, supportCount: 1, opposeCount: 1, paperCount: 0 },
    // Its counts at size 3: the online signature at index 4 came after.
    {
      slug: 'two',
      guid: TWO,
      logTreeSize: 3,
      supportCount: 10,
      opposeCount: 0,
      paperCount: 10,
      ...two,
    },
  ]
}

test.group('Log audit (npm run log:audit)', (group) => {
  let folder: string
  group.each.setup(async () => {
    folder = await mkdtemp(join(tmpdir(), 'log-audit-'))
    return () => rm(folder, { recursive: true, force: true })
  })

  test('a log that agrees with itself and with its open data passes, then again from the kept head', async ({
    assert,
  }) => {
    const keys = logKeys()
    const log = await buildLog({
      leaves: fiveLeaves(),
      headSizes: [2, 3, 5],
      keys,
      petitions: openData(),
    })
    const site = await serveLog(log)
    try {
      const statePath = join(folder, 'state.json')
      const first = await runAudit(site.url, statePath)
      assert.equal(first.code, 0, first.output)
      assert.include(first.output, 'tree size 5')
      assert.include(first.output, 'tree heads checked: 3 (2 consistency proofs')
      assert.include(
        first.output,
        '3 in the log, 2 compared with the open data (4 documents), 1 in the log but not'
      )
      assert.include(first.output, 'OK: everything agrees')
      const state = JSON.parse(await readFile(statePath, 'utf8'))
      assert.deepEqual(state.treeHead, log.heads[2])

      const again = await runAudit(site.url, statePath)
      assert.equal(again.code, 0, again.output)
      assert.include(again.output, 'from the head of size 5 kept in')
    } finally {
      await site.close()
    }
  }).timeout(30_000)

  test('open data that disagrees with the leaves fails, each disagreement on its line', async ({
    assert,
  }) => {
    const keys = logKeys()
    const petitions = openData({ logTreeSize: 5, supportCount: 10 })
    const log = await buildLog({ leaves: fiveLeaves(), headSizes: [2, 3, 5], keys, petitions })
    const site = await serveLog(log)
    try {
      const { code, output } = await runAudit(site.url, join(folder, 'state.json'))
      assert.equal(code, 1, output)
      assert.include(
        output,
        `DISAGREES: /petition/two.json: petition ${TWO} publishes supportCount 10 at logTreeSize 5, its leaves below 5 sum to 11`
      )
      assert.include(
        output,
        `DISAGREES: /petitions.json?page=2 (two): petition ${TWO} publishes supportCount 10`
      )
      assert.include(output, 'FAILED: 2 disagreements')
    } finally {
      await site.close()
    }
  }).timeout(30_000)

  test('a tree size past the latest head waits for the next head', async ({ assert }) => {
    const keys = logKeys()
    const log = await buildLog({
      leaves: fiveLeaves(),
      headSizes: [2, 3, 5],
      keys,
      petitions: openData(),
    })
    log.published = 2
    let asked = 0
    log.onLatest = () => {
      if (++asked === 2) log.published = 3
    }
    const site = await serveLog(log)
    try {
      const { code, output } = await runAudit(site.url, join(folder, 'state.json'))
      assert.equal(code, 0, output)
      assert.include(output, 'waiting for the log to sign 5')
      assert.include(output, 'tree size 5')
    } finally {
      await site.close()
    }
  }).timeout(30_000)

  test('a log that rewrote what an earlier audit verified, or signs with another key, fails', async ({
    assert,
  }) => {
    const keys = logKeys()
    const log = await buildLog({
      leaves: fiveLeaves(),
      headSizes: [2, 3, 5],
      keys,
      petitions: openData(),
    })
    log.published = 2
    log.petitions = []
    const site = await serveLog(log)
    try {
      const statePath = join(folder, 'state.json')
      assert.equal((await runAudit(site.url, statePath)).code, 0)

      const rewritten = fiveLeaves()
      rewritten[1] = leaf({ petition: ONE, side: 'oppose', n: 2 })
      site.current.log = await buildLog({
        leaves: rewritten,
        headSizes: [2, 3, 5],
        keys,
        petitions: [],
      })
      const forked = await runAudit(site.url, statePath)
      assert.equal(forked.code, 1, forked.output)
      assert.include(
        forked.output,
        'DISAGREES: the tree head of size 5 is not consistent with the one of size 3'
      )
      assert.include(forked.output, 'the entries up to tree size 3 hash to')

      site.current.log = { ...log, jwk: logKeys().jwk, published: 3 }
      const otherKey = await runAudit(site.url, join(folder, 'fresh.json'))
      assert.equal(otherKey.code, 1, otherKey.output)
      assert.include(otherKey.output, 'DISAGREES: the tree head of size 5 (timestamp')
    } finally {
      await site.close()
    }
  }).timeout(30_000)
})
