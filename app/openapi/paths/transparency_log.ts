import type { ApiArea, ApiObject } from '#openapi/area'
import { anyOriginHeaders, jsonAnswer, notFound, schemaRef, tooManyRequests } from '#openapi/common'
import {
  consistencyProofExample,
  entriesExample,
  headExample,
  inclusionProofExample,
  keyExample,
  petitionLogExample,
  position,
  TRANSPARENCY_LOG_SCHEMAS,
} from '#openapi/schemas/transparency_log'

const TAG = 'Transparency log'
/** Requests an address may make a minute (config/rate_limits.ts, `transparencyLog`). */
const PER_MINUTE = 1200

const query = (name: string, description: string, schema: ApiObject, required = true) => ({
  name,
  in: 'query',
  required,
  description,
  schema,
})

const badRequest = (example: unknown) =>
  jsonAnswer('A parameter is refused.', schemaRef('LogError'), example)
const limited = { '429': tooManyRequests(PER_MINUTE) }

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
  schemas: TRANSPARENCY_LOG_SCHEMAS,
  paths: {
    '/.well-known/undersign/log-key': {
      get: {
        ...op('log.key', 'The log’s public key', 'The key that signs the tree heads, as a JWK.'),
        responses: {
          '200': jsonAnswer('The key.', schemaRef('LogKey'), keyExample, anyOriginHeaders),
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
          '200': jsonAnswer(
            'The latest head.',
            schemaRef('TreeHead'),
            headExample,
            anyOriginHeaders
          ),
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
          '200': jsonAnswer(
            'The head of that size.',
            schemaRef('TreeHead'),
            headExample,
            anyOriginHeaders
          ),
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
          '200': jsonAnswer(
            'The heads.',
            schemaRef('TreeHeads'),
            { treeHeads: [headExample] },
            anyOriginHeaders
          ),
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
          '200': jsonAnswer(
            'The leaves.',
            schemaRef('LogEntries'),
            entriesExample,
            anyOriginHeaders
          ),
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
          '200': jsonAnswer(
            'Its leaves (none: `[]`).',
            schemaRef('LogEntries'),
            entriesExample,
            anyOriginHeaders
          ),
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
          '200': jsonAnswer(
            'The audit path.',
            schemaRef('InclusionProof'),
            inclusionProofExample,
            anyOriginHeaders
          ),
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
          '200': jsonAnswer(
            'The proof.',
            schemaRef('ConsistencyProof'),
            consistencyProofExample,
            anyOriginHeaders
          ),
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
          '200': jsonAnswer(
            'The petition’s part of the log.',
            schemaRef('PetitionLog'),
            petitionLogExample,
            anyOriginHeaders
          ),
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
