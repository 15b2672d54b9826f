import fc from 'fast-check'
import type { Body, Upload } from '#tests/shipped/support/visitor'

/** Names the site's forms use, and names that trip careless code. */
const FIELD_NAMES = [
  'email',
  'password',
  'password_confirmation',
  'firstName',
  'lastName',
  'name',
  'subject',
  'message',
  'comment',
  'private',
  'support',
  'customFields',
  'cfTurnstileResponse',
  'token',
  'title',
  'target',
  'description',
  'banner',
  'photos',
  'videos',
  'letters',
  'recipients',
  'payload',
  'updates',
  'createdAt',
  'published',
  'finished',
  'allowComments',
  'allowOpposite',
  'targetSignatures',
  'topics',
  'country',
  'region',
  'identityRequired',
  'identityResidence',
  'topic',
  'active',
  'type',
  'id',
  'url',
  'driver',
  'value',
  'file',
  'page',
  'signature',
  '_method',
]
const DANGEROUS_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '0']

const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code))
const around = (middle: fc.Arbitrary<string>) =>
  fc.tuple(fc.string(), middle, fc.string()).map((parts) => parts.join(''))

/** Values a real form would hold: they carry the payload past the first checks. */
const PLAUSIBLE = [
  'olena@example.com',
  'OLENA+tag@Example.COM',
  'j.o.n.a.s@gmail.com',
  'violet-river-3141',
  'password',
  'Olena',
  'Our children need this park to play safely.',
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  'https://vimeo.com/76979871',
  'javascript:alert(1)',
  '<script>alert(1)</script><p onclick="x()">hi</p>',
  '=HYPERLINK("http://evil.example")',
  '2024-05-01',
  '2999-01-01',
  'a0b1c2d3-e4f5-4a6b-8c9d-0e1f2a3b4c5d',
  'text',
  'number',
  'banner',
  'photo',
  'editor',
  'fs',
  'local',
  '/banner-templates/forest.jpg',
]

/** Text of every kind; `long` adds strings of up to 60,000 characters. */
function texts(long: boolean) {
  return fc.oneof(
    { weight: 4, arbitrary: fc.string() },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 2, arbitrary: around(loneSurrogate) },
    { weight: 2, arbitrary: around(fc.constant('\u0000')) },
    { weight: 2, arbitrary: fc.emailAddress() },
    { weight: 2, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        'true',
        'false',
        'null',
        'on',
        '1e309',
        '2147483648',
        '-1'
      ),
    },
    { weight: 4, arbitrary: fc.constantFrom(...PLAUSIBLE) },
    { weight: long ? 1 : 0, arbitrary: fc.string({ minLength: 200, maxLength: 60_000 }) }
  )
}

const key = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FIELD_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom(...DANGEROUS_KEYS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) }
)

/** Any JSON-ish value: scalars of every type, nested arrays and objects. */
function valuesOf(text: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  return fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 4 },
      { weight: 6, arbitrary: text },
      { weight: 2, arbitrary: fc.integer({ min: -2_147_483_649, max: 2_147_483_649 }) },
      { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
      { weight: 2, arbitrary: fc.boolean() },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 5 }) },
      { weight: 2, arbitrary: fc.dictionary(key, tie('value'), { maxKeys: 5 }) }
    ),
  })).value
}

/** Values for a body, long strings included. */
export const anyValue = valuesOf(texts(true))
/** Values for a query string, which no server takes at a megabyte. */
const anyShortValue = valuesOf(texts(false))

/** A valid form with fields dropped, replaced by anything, and extra ones added. */
function mutationOf(valid: Record<string, unknown>, values: fc.Arbitrary<unknown>) {
  const names = Object.keys(valid)
  return fc
    .record({
      drop: fc.subarray(names),
      replace: names.length
        ? fc.dictionary(fc.constantFrom(...names), values, { maxKeys: 3 })
        : fc.constant({}),
      extra: fc.dictionary(key, values, { maxKeys: 2 }),
    })
    .map(({ drop, replace, extra }) => {
      const form: Record<string, unknown> = {}
      for (const name of names) if (!drop.includes(name)) form[name] = valid[name]
      return Object.assign(Object.create(null), form, replace, extra) as Record<string, unknown>
    })
}

/** What a route's body receives: a mutated valid form, any object, or no object at all. */
export function payloadFor(valid: Record<string, unknown> | null) {
  const anyObject = fc.dictionary(key, anyValue, { maxKeys: 10 })
  const huge = fc.constantFrom(...FIELD_NAMES).map((name) => ({ [name]: 'x'.repeat(1024 * 1024) }))
  return fc.oneof(
    { weight: valid ? 6 : 0, arbitrary: valid ? mutationOf(valid, anyValue) : anyObject },
    { weight: 3, arbitrary: anyObject },
    { weight: 1, arbitrary: anyValue },
    { weight: 1, arbitrary: huge }
  )
}

/** What a route's query string receives: the same, with short values. */
export function queryFor(valid: Record<string, unknown> | null) {
  const anyObject = fc.dictionary(key, anyShortValue, { maxKeys: 6 })
  return valid
    ? fc.oneof({ weight: 3, arbitrary: mutationOf(valid, anyShortValue) }, anyObject)
    : anyObject
}

/** Form fields as a browser encodes nested names: letters[0][recipients][1][name]. */
export function flatten(value: unknown, prefix = ''): Array<[string, string]> {
  if (value === null || value === undefined) return prefix ? [[prefix, '']] : []
  if (typeof value !== 'object')
    return prefix ? [[prefix, String(value)]] : [['value', String(value)]]
  return Object.entries(value).flatMap(([name, child]) =>
    flatten(child, prefix ? `${prefix}[${name}]` : name)
  )
}

const uploads = fc.oneof(
  fc.constant<Upload | null>(null),
  fc.uint8Array({ maxLength: 2048 }).map((bytes) => ({
    name: 'random.png',
    type: 'image/png',
    content: Buffer.from(bytes),
  })),
  fc.constantFrom<Upload>(
    // A PNG signature with nothing behind it, and a JPEG start cut short.
    { name: 'cut.png', type: 'image/png', content: Buffer.from('89504e470d0a1a0a0000', 'hex') },
    { name: 'cut.jpg', type: 'image/jpeg', content: Buffer.from('ffd8ffe000104a4649', 'hex') },
    { name: 'photo.gif', type: 'image/gif', content: Buffer.from('GIF89a') }
  )
)

export type FuzzRequest = { body: Body; asJsonClient: boolean }

/** The payload sent as the app's client would (JSON), as a plain or multipart form, or as broken bytes. */
export function encodings(payload: fc.Arbitrary<unknown>, takesFile: boolean) {
  return fc.oneof(
    { weight: 6, arbitrary: payload.map((json): Body => ({ json })) },
    {
      weight: 2,
      arbitrary: payload.map((value): Body => ({ form: Object.fromEntries(flatten(value)) })),
    },
    {
      weight: takesFile ? 6 : 1,
      arbitrary: fc.tuple(payload, uploads).map(([value, upload]): Body => {
        const fields: Record<string, string | Upload> = Object.fromEntries(flatten(value))
        if (upload) fields.file = upload
        return { multipart: fields }
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('{"email": ', '[[[[', '{"a":1}}', 'email=%E0%A4%A&x', '\u0000\u0001'),
          fc.constantFrom(
            'application/json',
            'application/x-www-form-urlencoded',
            'multipart/form-data'
          )
        )
        .map(([raw, contentType]): Body => ({ raw, contentType })),
    }
  )
}
