import type { ApiArea, ApiObject } from '#openapi/area'
import { count, jsonAnswer, notFound, nullable, schemaRef, tooManyRequests } from '#openapi/common'

const TAG = 'Transparency log'
/** Requests an address may make a minute (config/rate_limits.ts, `transparencyLog`). */
const PER_MINUTE = 1200

const base64 = { type: 'string', contentEncoding: 'base64' } as const
const position = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const

const objectOf = (properties: Record<string, ApiObject>, description: string) => ({
  type: 'object',
  description,
  required: Object.keys(properties),
  additionalProperties: false,
  properties,
})

const headExample = {
  treeSize: 18342,
  timestamp: 1796638264038,
  rootHash: 'q0n8oVx0Qm6bH7T3c0Yg8f6d1m4ZpQ2r9sK5wXyJt1E=',
  signature:
    'h2VbqH0b1eX9J8y0sPZ3W9m5dK3a2Vd1r7gq9Y0pUuJc8o3kq4f5G7n0bV2yX1wZ6a8s3d4F5g6H7j8K9l0MAA==',
}

const schemas: Record<string, ApiObject> = {
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

const query = (name: string, description: string, schema: ApiObject, required = true) => ({
  name,
  in: 'query',
  required,
  description,
  schema,
})

const cors = {
  'Access-Control-Allow-Origin': {
    description: 'Any site may read the answer.',
    schema: { type: 'string', const: '*' },
  },
}
const json = (description: string, name: string, example: unknown) => ({
  ...jsonAnswer(description, schemaRef(name), example),
  headers: cors,
})

const badRequest = (example: unknown) =>
  jsonAnswer('A parameter is refused.', schemaRef('LogError'), example)
const limited = { '429': tooManyRequests(PER_MINUTE) }

const entriesExample = [
  {
    index: 18340,
    leaf: 'eyJ2IjoxLCJwZXRpdGlvbiI6IjBiN2M1YzFlLTUyZjQtNGMxYi05YTQzLTZhMWE0YzllM2QxMCIsImV2ZW50IjoiYWRkIiwic2lkZSI6InN1cHBvcnQiLCJuIjoxLCJob3VyIjoiMjAyNi0xMi0wN1QxMDowMDowMFoiLCJjb21taXRtZW50IjoiM3EyeFZrekc5RTVwMHFnM24xbTZDNW80WXlRSjd5MGI1Z0o5YVZZdzBjQSJ9',
  },
]

const op = (operationId: string, summary: string, description: string) => ({
  operationId,
  tags: [TAG],
  summary,
  description,
})

/** The transparency log: every change of a count, signed, with its RFC 9162 proofs. */
const transparencyLog: ApiArea = {
  tags: [
    {
      name: TAG,
      description:
        'Every change of a petition’s counts is a leaf of one append-only Merkle tree (RFC 9162), whose heads the site signs with Ed25519. Nothing personal is in it. Anyone may read it; a bad parameter is a 400.',
    },
  ],
  schemas,
  paths: {
    '/.well-known/undersign/log-key': {
      get: {
        ...op('log.key', 'The log’s public key', 'The key that signs the tree heads, as a JWK.'),
        responses: {
          '200': json('The key.', 'LogKey', {
            kty: 'OKP',
            crv: 'Ed25519',
            x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
            alg: 'EdDSA',
            use: 'sig',
            kid: 'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k',
          }),
          ...limited,
        },
      },
    },
    '/log/sth': {
      get: {
        ...op(
          'log.latest_head',
          'The latest signed tree head',
          'Signed at most every 10 s while there are new leaves.'
        ),
        responses: {
          '200': json('The latest head.', 'TreeHead', headExample),
          '404': notFound,
          ...limited,
        },
      },
    },
    '/log/sth/{treeSize}': {
      get: {
        ...op('log.head', 'The signed tree head of a size', 'There is at most one head per size.'),
        parameters: [
          {
            name: 'treeSize',
            in: 'path',
            required: true,
            schema: { type: 'integer', minimum: 1, maximum: 2147483647 },
            example: 18342,
          },
        ],
        responses: {
          '200': json('The head of that size.', 'TreeHead', headExample),
          '404': notFound,
          ...limited,
        },
      },
    },
    '/log/sths': {
      get: {
        ...op(
          'log.heads',
          'Signed tree heads after a size',
          'The heads larger than `after`, smallest first, 1,000 at most: an auditor’s way to see every head.'
        ),
        parameters: [
          query(
            'after',
            'A tree size; -1 or none: from the first.',
            { type: 'integer', minimum: -1 },
            false
          ),
        ],
        responses: {
          '200': json('The heads.', 'TreeHeads', { treeHeads: [headExample] }),
          '400': badRequest({
            error: [
              { message: 'The after field must be a number', rule: 'number', field: 'after' },
            ],
          }),
          ...limited,
        },
      },
    },
    '/log/entries': {
      get: {
        ...op(
          'log.entries',
          'Leaves of the log',
          'The leaves from `start` to `end` included (as RFC 9162’s get-entries), 1,000 at most; fewer past the end of the log.'
        ),
        parameters: [
          query('start', 'The first leaf’s index.', position),
          query('end', 'The last leaf’s index (included).', position),
        ],
        responses: {
          '200': json('The leaves.', 'LogEntries', entriesExample),
          '400': badRequest({ error: 'start is after end' }),
          ...limited,
        },
      },
    },
    '/log/commitments/{commitment}': {
      get: {
        ...op(
          'log.commitment',
          'The leaves of one signature',
          'The leaves that carry a receipt’s commitment, in order: its `add`, and its `remove` (and `add` again) since.'
        ),
        parameters: [
          {
            name: 'commitment',
            in: 'path',
            required: true,
            description: 'base64url (no padding) of SHA-256 of the receipt’s secret.',
            schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
            example: '3q2xVkzG9E5p0qg3n1m6C5o4YyQJ7y0b5gJ9aVYw0cA',
          },
        ],
        responses: {
          '200': json('Its leaves (none: `[]`).', 'LogEntries', entriesExample),
          ...limited,
        },
      },
    },
    '/log/proof/inclusion': {
      get: {
        ...op(
          'log.inclusion',
          'Proof that a leaf is in a tree',
          '`400` when `index ≥ treeSize` or the log is smaller than `treeSize`.'
        ),
        parameters: [
          query('index', 'The leaf’s index.', position),
          query('treeSize', 'The size of the tree.', { ...position, minimum: 1 }),
        ],
        responses: {
          '200': json('The audit path.', 'InclusionProof', {
            index: 18340,
            treeSize: 18342,
            path: [
              'lQ0Zq1b6x0cN3Vw2V8Q0mXcS6wq3pQ4v1J8mU6sT2aY=',
              'u0mZ2r1dXx5J1gk9x6oVb0F4nJ7dQ2eP8sA3cL5yR1w=',
            ],
          }),
          '400': badRequest({ error: 'index is outside the tree' }),
          ...limited,
        },
      },
    },
    '/log/proof/consistency': {
      get: {
        ...op(
          'log.consistency',
          'Proof that the log only grew',
          '`400` unless `0 < first ≤ second` and the log has `second` leaves.'
        ),
        parameters: [
          query('first', 'The smaller tree’s size.', { ...position, minimum: 1 }),
          query('second', 'The larger tree’s size.', { ...position, minimum: 1 }),
        ],
        responses: {
          '200': json('The proof.', 'ConsistencyProof', {
            first: 18000,
            second: 18342,
            path: ['3m0a7Gq2Yb1X8dV5cN2kP6wR9sT0uL4eJ1hF7iO3zQA='],
          }),
          '400': badRequest({ error: 'the log is not that large' }),
          ...limited,
        },
      },
    },
    '/petition/{slug}/log.json': {
      get: {
        ...op(
          'log.petition',
          'A petition in the log',
          'Its counts, the tree size they correspond to, the latest signed head that covers them and its leaves’ indexes, 10,000 at most a page.'
        ),
        parameters: [
          {
            name: 'slug',
            in: 'path',
            required: true,
            schema: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 160 },
            example: 'a-park-for-oak-hill',
          },
          query(
            'after',
            'The index after which its leaves are listed.',
            { type: 'integer', minimum: -1 },
            false
          ),
        ],
        responses: {
          '200': json('The petition’s part of the log.', 'PetitionLog', {
            petition: '0b7c5c1e-52f4-4c1b-9a43-6a1a4c9e3d10',
            slug: 'a-park-for-oak-hill',
            treeSize: 18342,
            treeHead: headExample,
            supportCount: 412,
            opposeCount: 9,
            paperCount: 120,
            leaves: [12, 40, 41, 18340],
            nextAfter: null,
          }),
          '400': badRequest({
            error: [
              { message: 'The after field must be a number', rule: 'number', field: 'after' },
            ],
          }),
          '404': notFound,
          ...limited,
        },
      },
    },
  },
}

export default transparencyLog
