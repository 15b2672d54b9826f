import { test } from '@japa/runner'
import {
  appendLeaves,
  consistencyRanges,
  hashOfPieces,
  inclusionRanges,
  leafHash,
  piecesOf,
  type Range,
  type SubtreeKey,
} from '#support/merkle_tree'
import { rootOf, verifyConsistency, verifyInclusion } from '../../log-verifier/verifier.js'
import { parseLogSigningKey } from '#start/log_signing_key'
import { generateKeyPairSync } from 'node:crypto'

/**
 * The site's tree, grown leaf batch by leaf batch as flushes grow it, with
 * every subtree it stores: its roots and proofs for every size up to 70 are
 * checked by the log verifier's own RFC 9162 code (log-verifier/).
 */
function grownTree(size: number, batch: number) {
  const leaves = Array.from({ length: size }, (_, index) => leafHash(Buffer.from(`leaf ${index}`)))
  const stored = new Map<string, Buffer>(leaves.map((hash, index) => [`0:${index}`, hash]))
  let edge: Buffer[] = []
  const roots: Buffer[] = []
  for (let start = 0; start < size; start += batch) {
    const appended = appendLeaves(start, edge, leaves.slice(start, start + batch))
    for (const node of appended.nodes) stored.set(`${node.level}:${node.position}`, node.hash)
    edge = appended.edge
    roots[Math.min(start + batch, size)] = appended.root
  }
  const hashOf = (range: Range) =>
    hashOfPieces(
      piecesOf(range.start, range.end).map((key: SubtreeKey) => {
        const hash = stored.get(`${key.level}:${key.position}`)
        if (!hash) throw new Error(`subtree ${key.level}:${key.position} was never stored`)
        return hash
      })
    )
  return { leaves, roots, hashOf }
}

test.group('The Merkle tree (RFC 9162) on stored subtrees', () => {
  test('roots, inclusion and consistency proofs hold for every size up to 70', async ({
    assert,
  }) => {
    for (const batch of [1, 3, 16]) {
      const { leaves, roots, hashOf } = grownTree(70, batch)
      for (let size = 1; size <= 70; size++) {
        const root = hashOf({ start: 0, end: size })
        assert.deepEqual(
          new Uint8Array(root),
          await rootOf(leaves.slice(0, size)),
          `root of ${size}`
        )
        if (roots[size]) assert.deepEqual(roots[size], root)
        for (let index = 0; index < size; index += 7) {
          const path = inclusionRanges(index, size).map(hashOf)
          const check = { index, treeSize: size, leafHash: leaves[index], path, rootHash: root }
          assert.isTrue(await verifyInclusion(check), `leaf ${index} of ${size}`)
          assert.isFalse(await verifyInclusion({ ...check, index: (index + 1) % size || 1 }))
        }
        for (let first = 1; first < size; first += 5) {
          const path = consistencyRanges(first, size).map(hashOf)
          const check = {
            first,
            second: size,
            firstRoot: hashOf({ start: 0, end: first }),
            secondRoot: root,
            path,
          }
          assert.isTrue(await verifyConsistency(check), `${first} → ${size}`)
          assert.isFalse(
            await verifyConsistency({ ...check, firstRoot: leafHash(Buffer.from('forged')) })
          )
        }
      }
    }
  })

  test('LOG_SIGNING_KEY takes a PEM or a base64 seed; anything else stops the start, naming why', ({
    assert,
  }) => {
    const { privateKey } = generateKeyPairSync('ed25519')
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
    assert.equal(parseLogSigningKey(pem.replaceAll('\n', '\\n')).asymmetricKeyType, 'ed25519')
    const seed = Buffer.alloc(32, 7).toString('base64')
    assert.equal(parseLogSigningKey(seed).asymmetricKeyType, 'ed25519')
    const { privateKey: rsa } = generateKeyPairSync('rsa', { modulusLength: 1024 })
    for (const wrong of [
      'not a key',
      Buffer.alloc(16).toString('base64'),
      rsa.export({ format: 'pem', type: 'pkcs8' }).toString(),
    ]) {
      assert.throws(() => parseLogSigningKey(wrong), /Ed25519/)
    }
  })
})
