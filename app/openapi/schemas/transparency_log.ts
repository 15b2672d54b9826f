import type { ApiObject } from '#openapi/area'
import { count, nullable, objectOf, schemaRef } from '#openapi/common'

/*
 * The transparency log's schemas: its key, signed tree heads, leaves, RFC
 * 9162's proofs, a petition's part of the log and its refusals; and the
 * examples of its answers.
 */

const base64 = { type: 'string', contentEncoding: 'base64' } as const
/** A leaf's index or a tree's size. */
export const position = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const

export const TRANSPARENCY_LOG_SCHEMAS: Record<string, ApiObject> = {
  LogKey: objectOf(
    {
      kty: { const: 'OKP' },
      crv: { const: 'Ed25519' },
      x: {
        type: 'string',
        pattern: '^[A-Za-z0-9_-]{43}$',
        description: 'The public key, base64url.',
      },
      alg: { const: 'EdDSA' },
      use: { const: 'sig' },
      kid: { type: 'string', description: 'base64url SHA-256 of the key.' },
    },
    'The Ed25519 public key that signs the tree heads, as a JWK.'
  ),
  TreeHead: objectOf(
    {
      treeSize: count,
      timestamp: { ...count, description: 'When it was signed, in ms since 1970.' },
      rootHash: { ...base64, description: 'The Merkle tree’s root (RFC 9162).' },
      signature: {
        ...base64,
        description:
          'Ed25519 over the UTF-8 of `undersign-log-v1\\n<treeSize>\\n<timestamp>\\n<rootHash>`.',
      },
    },
    'A signed tree head.'
  ),
  TreeHeads: objectOf(
    { treeHeads: { type: 'array', maxItems: 1000, items: schemaRef('TreeHead') } },
    'Signed tree heads, smallest first.'
  ),
  LogEntry: objectOf(
    {
      index: position,
      leaf: {
        ...base64,
        contentMediaType: 'application/json',
        description:
          'The exact bytes of the leaf: compact JSON `{"v":1,"petition","event","side","n","hour","commitment"?}`.',
      },
    },
    'A leaf of the log.'
  ),
  LogEntries: { type: 'array', maxItems: 1000, items: schemaRef('LogEntry') },
  InclusionProof: objectOf(
    { index: position, treeSize: position, path: { type: 'array', items: base64 } },
    'The audit path of RFC 9162 §2.1.3.1.'
  ),
  ConsistencyProof: objectOf(
    { first: position, second: position, path: { type: 'array', items: base64 } },
    'RFC 9162 §2.1.4.1’s proof that the first tree is a prefix of the second.'
  ),
  PetitionLog: objectOf(
    {
      petition: { type: 'string', format: 'uuid', description: 'The petition’s guid.' },
      slug: { type: 'string' },
      treeSize: { ...count, description: 'The log size its counts correspond to.' },
      treeHead: nullable({
        ...schemaRef('TreeHead'),
        description: 'The latest signed head that covers them; null until the next one.',
      }),
      supportCount: count,
      opposeCount: count,
      paperCount: count,
      leaves: {
        type: 'array',
        maxItems: 10000,
        items: position,
        description: 'The indexes of its leaves after `after`, ascending.',
      },
      nextAfter: nullable({
        ...position,
        description: 'The next page’s `after`; null on the last.',
      }),
    },
    'A petition in the log.'
  ),
  LogError: objectOf(
    {
      error: {
        oneOf: [
          { type: 'string' },
          {
            type: 'array',
            items: {
              type: 'object',
              required: ['message', 'rule', 'field'],
              properties: {
                message: { type: 'string' },
                rule: { type: 'string' },
                field: { type: 'string' },
              },
            },
          },
        ],
        description: 'What is wrong: a sentence, or each parameter refused and why.',
      },
    },
    'A parameter the log refuses.'
  ),
}

/** The examples of the log's answers. */
export const headExample = {
  treeSize: 18342,
  timestamp: 1796638264038,
  rootHash: 'q0n8oVx0Qm6bH7T3c0Yg8f6d1m4ZpQ2r9sK5wXyJt1E=',
  signature:
    'h2VbqH0b1eX9J8y0sPZ3W9m5dK3a2Vd1r7gq9Y0pUuJc8o3kq4f5G7n0bV2yX1wZ6a8s3d4F5g6H7j8K9l0MAA==',
}

export const entriesExample = [
  {
    index: 18340,
    leaf: 'eyJ2IjoxLCJwZXRpdGlvbiI6IjBiN2M1YzFlLTUyZjQtNGMxYi05YTQzLTZhMWE0YzllM2QxMCIsImV2ZW50IjoiYWRkIiwic2lkZSI6InN1cHBvcnQiLCJuIjoxLCJob3VyIjoiMjAyNi0xMi0wN1QxMDowMDowMFoiLCJjb21taXRtZW50IjoiM3EyeFZrekc5RTVwMHFnM24xbTZDNW80WXlRSjd5MGI1Z0o5YVZZdzBjQSJ9',
  },
]

export const keyExample = {
  kty: 'OKP',
  crv: 'Ed25519',
  x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
  alg: 'EdDSA',
  use: 'sig',
  kid: 'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k',
}

export const inclusionProofExample = {
  index: 18340,
  treeSize: 18342,
  path: [
    'lQ0Zq1b6x0cN3Vw2V8Q0mXcS6wq3pQ4v1J8mU6sT2aY=',
    'u0mZ2r1dXx5J1gk9x6oVb0F4nJ7dQ2eP8sA3cL5yR1w=',
  ],
}

export const consistencyProofExample = {
  first: 18000,
  second: 18342,
  path: ['3m0a7Gq2Yb1X8dV5cN2kP6wR9sT0uL4eJ1hF7iO3zQA='],
}

export const petitionLogExample = {
  petition: '0b7c5c1e-52f4-4c1b-9a43-6a1a4c9e3d10',
  slug: 'a-park-for-oak-hill',
  treeSize: 18342,
  treeHead: headExample,
  supportCount: 412,
  opposeCount: 9,
  paperCount: 120,
  leaves: [12, 40, 41, 18340],
  nextAfter: null,
}
