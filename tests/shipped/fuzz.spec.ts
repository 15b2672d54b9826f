import { test } from '@japa/runner'
import fc from 'fast-check'
import router from '@adonisjs/core/services/router'
import { shippedDb, sourceReads, visitor } from '#tests/shipped/support/shipped_app'
import { PASSWORD, eventually, verifiedMember } from '#tests/shipped/support/journeys'
import { encodings, flatten, payloadFor, queryFor } from '#tests/shipped/support/fuzz_payloads'
import type { Visitor } from '#tests/shipped/support/visitor'
import { shippedApiToken } from '#tests/shipped/support/api_tokens'

/**
 * Every POST, PATCH and DELETE route of the app, read from its router, gets
 * generated payloads from a guest and from a member who owns a petition,
 * each with a valid CSRF token; every GET route gets generated query
 * strings. No answer may be a 5xx or a dropped connection, and a refused
 * request may leave no row behind. CI runs a fixed seed; elsewhere each run
 * draws a new one, printed on failure.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 200)
const RUNS_PER_PAGE = Math.ceil(RUNS_PER_ROUTE / 4)
const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : process.env.CI
    ? 20261123
    : Date.now() % 2 ** 31

/** Tables a form writes to: a refused request must leave their row counts alone. */
const STORED = [
  'users',
  'petitions',
  'petition_media',
  'letters',
  'letter_recipients',
  'petition_updates',
  'custom_fields',
  'petition_versions',
  'signatures',
  'repeat_signings',
  'signature_invalidations',
  'disposable_domain_exemptions',
  'decision_maker_addresses',
  'paper_signature_batches',
  'petition_handovers',
  'webhook_endpoints',
  'webhook_deliveries',
  'contact_messages',
  'newsletter_subscriptions',
  'password_reset_tokens',
  'api_tokens',
]

async function rowCounts() {
  const sql = STORED.map((table) => `(SELECT count(*) FROM ${table}) AS ${table}`).join(', ')
  const result = await shippedDb().rawQuery(`SELECT ${sql}`)
  const row = Array.isArray(result) ? result[0] : result.rows[0]
  return Object.fromEntries(STORED.map((table) => [table, Number(row[table])]))
}

type Fixture = { guid: string; slug: string; signatureId: number; fieldIds: number[] }

/**
 * The headers a request of `identity` carries beyond its cookies: the
 * member's API token on the token routes (a guest has none), so that the
 * payloads reach past the token check.
 */
function identityHeaders(
  pattern: string,
  identity: 'guest' | 'member',
  apiToken: string
): Record<string, string> {
  const tokenRoute = pattern.startsWith('/api/') && !pattern.startsWith('/api/docs')
  return identity === 'member' && tokenRoute ? { authorization: `Bearer ${apiToken}` } : {}
}

/** A value for each route parameter; a route with another parameter fails the test. */
function pathOf(pattern: string, fixture: Fixture) {
  const values: Record<string, string> = {
    guid: fixture.guid,
    id: String(fixture.signatureId),
    slug: fixture.slug,
    token: 'a'.repeat(43),
    provider: 'github',
    // The identity provider the shipped site names (shipped_app: unreachable, so a check goes no further).
    key: 'gov-id',
    locale: 'uk',
    number: '1',
    action: 'hide',
    version: '1',
    invalidation: '1',
    batch: '1',
    treeSize: '1',
    commitment: 'A'.repeat(43),
    mailId: '1795693369866-0f8fad5b-d9cb-469f-a165-70867728950e',
    // The feeds' topic and country: the pattern keeps its `.atom`.
    topic: 'environment',
    country: 'DE',
  }
  return pattern
    .replace(/:(\w+)/g, (_, name: string) => {
      if (name in values) return values[name]
      throw new Error(`the fuzz test has no value for :${name} of ${pattern}: add one`)
    })
    .replace('*', 'petitions/a-file-that-is-not-there.jpg')
}

/** Valid forms, mutated by the payloads, so that they reach past the first check. */
function validForm(pattern: string, fixture: Fixture): Record<string, unknown> | null {
  const forms: Record<string, Record<string, unknown>> = {
    '/signup': {
      firstName: 'Olena',
      lastName: 'Koval',
      email: 'fuzz-signup@example.org',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
    '/login': { email: 'fuzz-owner@example.org', password: 'not-the-password' },
    '/auth/password/email': { email: 'fuzz-owner@example.org' },
    '/auth/password/reset': {
      token: 'a'.repeat(43),
      email: 'fuzz-owner@example.org',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
    '/contacts': {
      name: 'Olena Koval',
      email: 'fuzz-contact@example.org',
      subject: 'A question about petitions',
      message: 'How do I hand the signatures to the council?',
    },
    '/subscription': { email: 'fuzz-news@example.org' },
    '/petition/:guid/sign': {
      firstName: 'Jonas',
      lastName: 'Becker',
      email: 'fuzz-signer@example.org',
      country: 'DE',
      comment: 'Our children need this crossing to walk to school.',
      private: false,
      support: true,
      wantsUpdates: true,
      contactConsent: true,
      source: 'newsletter-dec',
      customFields: fixture.fieldIds.map((id) => ({ id, value: '12' })),
    },
    '/petition/:guid/report': { reason: 'other', note: 'Sells watches in every paragraph.' },
    // The fuzz test's action is `hide`: a reason of the list and a note.
    '/moderation/petitions/:id/:action': { reason: 'spam', note: 'Advertises watches' },
    '/petition/:guid/review': {},
    '/moderation/petitions/:id/versions/:version/restore': {},
    '/moderation/petitions/:id/versions/:version/redact': { reason: 'Personal data' },
    '/moderation/rules/exemptions': { domain: 'mailinator.com', reason: 'A school uses it' },
    '/moderation/decision-makers/recipients/:id': { decision: 'refuse', reason: 'Private' },
    '/moderation/decision-makers/:id': { decision: 'refuse', reason: 'Left office' },
    '/moderation/petitions/:id/invalidations': {
      network: 'AbCdEfGhIjKlMnOpQrStUv',
      domain: 'throwaway.test',
      from: '2026-11-20T11:00',
      to: '2026-11-20T12:00',
      timeZone: 'Europe/Kyiv',
      unconfirmed: true,
      upToId: 1,
      reason: 'A burst from one network',
    },
    '/moderation/petitions/:id/invalidations/:invalidation/undo': {},
    '/petition/:guid/create': {
      title: 'A park for Oak Hill',
      target: 'Riverside City Council',
      description: '<p>Children play <strong>on the road</strong>.</p>',
      banner: { driver: 'local', url: '/banner-templates/forest.jpg' },
      photos: [],
      videos: [{ title: 'Elm Street', url: 'https://youtu.be/dQw4w9WgXcQ' }],
      letters: [{ payload: 'Dear council', recipients: [{ name: 'Mayor', payload: 'City' }] }],
      updates: [{ title: 'Delivered', createdAt: '2024-05-01', description: 'Done' }],
      customFields: [{ type: 'number', title: 'Age', required: true }],
      published: true,
      finished: false,
      allowComments: true,
      allowOpposite: true,
      private: false,
      targetSignatures: 1000,
      topics: ['environment', 'local-community'],
      country: 'PT',
      region: 'Lisboa',
      // Open to every signer: the fixture's own signature is signed as a guest signs.
      identityRequired: false,
      identityResidence: null,
    },
    '/petition/:guid/media': { type: 'photo' },
    '/my/avatar': {},
    // Never the member's password: the fuzz member keeps their account and password.
    '/my/account/profile': { firstName: 'Olena', lastName: 'Koval', nickName: 'olenka' },
    '/my/account/password': {
      currentPassword: 'not-the-password',
      password: 'amber-falcon-2718',
      password_confirmation: 'amber-falcon-2718',
    },
    '/my/account/email': { email: 'fuzz-moved@example.org', currentPassword: 'not-the-password' },
    '/my/account/delete': { currentPassword: 'not-the-password', understood: true },
    '/account/tokens': {
      name: 'CiviCRM sync',
      abilities: ['signatures:read', 'webhooks:manage'],
      expiresInDays: 90,
    },
    '/petition/:guid/signatures/:id': { active: false },
    '/petition/:guid/responses': {
      responder: 'Riverside City Council',
      respondedOn: '2024-06-01',
      body: '<p>We will build the park next spring.</p>',
    },
    '/petition/:guid/victory': { victory: true },
    '/petition/:guid/updates': {
      title: 'Signatures handed to the council',
      createdAt: '2024-06-01',
      description: 'We met the mayor.',
    },
    '/petition/:guid/sheet': { paperSize: 'a4', language: 'uk' },
    '/petition/:guid/delivery': { paperSize: 'letter', language: 'ru', includeList: true },
    // Without the photo the paper batch is refused; the hand-over's photo is optional.
    '/petition/:guid/paper': {
      signatures: 120,
      place: 'Saturday market',
      collectedOn: '2024-05-04',
    },
    '/petition/:guid/handovers': {
      recipient: 'Riverside City Council',
      letterRecipientId: 1,
      handedOverOn: '2024-06-01',
      place: 'Town hall',
    },
    '/moderation/petitions/:id/paper/:batch': { decision: 'reject', reason: 'Unreadable' },
    // A loopback receiver: the owner's forms reach the destination judge (a guest logs in first).
    '/petition/:guid/webhooks': {
      url: 'http://127.0.0.1:9/hooks',
      events: ['signature.confirmed', 'petition.closed'],
    },
    // Without a token: refused with 401 before the body is read, whatever it holds.
    '/api/v1/petitions/:guid/webhooks': {
      url: 'https://crm.example.org/hooks',
      events: ['signature.confirmed'],
    },
    '/language/hand-over': { locale: 'fr' },
    // Sent without the Origin of one of the site's pages: refused whatever the pass.
    '/language/hand-over/accept': { token: 'a'.repeat(43), to: '/my/petitions' },
    // OSDI's record signature helper: a signer as a CRM sends one.
    '/api/osdi/v1/petitions/:guid/signatures': {
      person: {
        given_name: 'Jonas',
        family_name: 'Becker',
        email_addresses: [{ address: 'fuzz-osdi@example.org', primary: true }],
        postal_addresses: [{ country: 'DE', postal_code: '10115' }],
        custom_fields: { Age: '12' },
      },
      comments: 'Our children need this crossing to walk to school.',
      referrer_data: { source: 'fuzz-crm' },
    },
    'DELETE /petition/:guid/media': { id: 1 },
    'DELETE /petition/:guid/responses/:id': { reason: 'Not written by the minister' },
  }
  return forms[pattern] ?? null
}

/** The query strings a page reads, mutated by the payloads, so that they reach its queries. */
function validQuery(pattern: string): Record<string, unknown> | null {
  const queries: Record<string, Record<string, unknown>> = {
    '/petitions': { q: 'park "oak" NEAR(', status: 'open', lang: 'all', sort: 'trending', page: 2 },
    '/moderation/decision-makers': { q: 'mayor%_\\', page: 2 },
    '/log/entries': { start: 0, end: 3 },
    '/log/proof/inclusion': { index: 0, treeSize: 1 },
    '/log/proof/consistency': { first: 1, second: 1 },
    '/log/sths': { after: 0 },
    '/petition/:slug/log.json': { after: 0 },
    '/api/osdi/v1/petitions': { page: 2, per_page: 10 },
    '/api/osdi/v1/petitions/:guid/signatures': { page: 2, per_page: 10, after: 1 },
    '/identity/:key/start': { petition: '0b3c1b4e-6d2f-4f7a-9c55-2a1e8f0d7b61' },
    '/identity/:key/callback': { state: 'a'.repeat(43), code: 'b'.repeat(43), iss: 'https://x' },
    '/identity/return': {
      petition: '0b3c1b4e-6d2f-4f7a-9c55-2a1e8f0d7b61',
      pass: 'a'.repeat(43),
      refused: 'failed',
    },
    '/my/account/identity/return': { pass: 'a'.repeat(43), refused: 'failed' },
  }
  return queries[pattern] ?? null
}

/** Whether the app refused the request: an error status, or a redirect to a page that says so. */
async function refusal(reply: Awaited<ReturnType<Visitor['send']>>, client: Visitor) {
  if (reply.status >= 400) return { refused: true, loggedIn: false }
  if (!(reply.status >= 300 && reply.location)) return { refused: false, loggedIn: false }
  const page = await client.visit(reply.location)
  const { errors, alerts, messages, user } = page.props
  const refused =
    Object.keys(errors ?? {}).length > 0 ||
    Boolean(alerts?.error || messages?.error || messages?.warning)
  return { refused, loggedIn: Boolean(user) }
}

// The same routes file as the build's: committing is what the server does at start.
router.commit()
const allRoutes = Object.values(router.toJSON())
  .flat()
  .flatMap((route) => route.methods.map((method) => ({ method, pattern: route.pattern })))
// FUZZ_ROUTES=/api/osdi fuzzes only the routes whose pattern contains it (a replay, a new area).
const fuzzed = allRoutes.filter(({ pattern }) => pattern.includes(process.env.FUZZ_ROUTES ?? ''))
const routes = fuzzed.filter(({ method }) => ['POST', 'PATCH', 'PUT', 'DELETE'].includes(method))
const pages = fuzzed.filter(({ method }) => method === 'GET')

test.group('Shipped: no input gives a 5xx', (group) => {
  let fixture: Fixture
  let member: Visitor
  let apiToken: string
  const statuses = new Map<string, Record<number, number>>()

  group.setup(async () => {
    member = await verifiedMember('fuzz-owner@example.org')
    const form = await member.visit('/petition/create')
    const guid: string = form.props.petition.guid
    const saved = await member.submit('POST', `/petition/${guid}/create`, {
      json: validForm('/petition/:guid/create', { guid, slug: '', signatureId: 0, fieldIds: [] }),
    })
    const slug = saved.landing?.props.petition.slug
    const fieldIds: number[] = saved.landing?.props.petition.customFields.map(
      (field: { id: number }) => field.id
    )
    const signer = visitor()
    await signer.open(`/petition/${slug}`)
    await signer.submit('POST', `/petition/${guid}/sign`, {
      json: validForm('/petition/:guid/sign', { guid, slug, signatureId: 0, fieldIds }),
    })
    const signature: { id: number } = await eventually(
      () => shippedDb().from('signatures').where('email', 'fuzz-signer@example.org').first(),
      (row) => Boolean(row)
    )
    fixture = { guid, slug, signatureId: signature.id, fieldIds }
    apiToken = await shippedApiToken('fuzz-owner@example.org', [
      'signatures:read',
      'signatures:write',
      'webhooks:manage',
    ])
    return () => {
      const lines = [...statuses].map(([name, counts]) => `  ${name}: ${JSON.stringify(counts)}`)
      console.log(`fuzz seed ${SEED}, ${RUNS_PER_ROUTE} payloads per route and identity:`)
      console.log(lines.join('\n'))
    }
  })

  test('the router has the routes the fuzz test knows how to address', ({ assert }) => {
    assert.isAtLeast(allRoutes.filter(({ method }) => method !== 'GET').length, 15)
    assert.isAtLeast(allRoutes.filter(({ method }) => method === 'GET').length, 20)
    for (const { pattern } of allRoutes) assert.doesNotThrow(() => pathOf(pattern, fixture))
  })

  for (const { method, pattern } of routes) {
    for (const identity of ['guest', 'member'] as const) {
      // The member's session must outlive the run: they do not log out.
      if (identity === 'member' && pattern === '/logout') continue
      test(`${method} ${pattern} as a ${identity}`, async ({ assert }) => {
        const name = `${method} ${pattern} (${identity})`
        const counts: Record<number, number> = {}
        statuses.set(name, counts)
        let guest = visitor()
        await guest.open('/')
        const valid = validForm(method === 'DELETE' ? `DELETE ${pattern}` : pattern, fixture)
        const takesFile = pattern.endsWith('/media') || pattern === '/my/avatar'
        // A DELETE carries its fields in the query string, as the create form sends them.
        const requests = fc.record({
          body: encodings(payloadFor(method === 'DELETE' ? null : valid), takesFile),
          asJsonClient: fc.boolean(),
          query: method === 'DELETE' ? queryFor(valid) : fc.option(queryFor(null), { freq: 4 }),
        })

        await fc.assert(
          fc.asyncProperty(requests, async ({ body, asJsonClient, query }) => {
            const client = identity === 'member' ? member : guest
            let url = pathOf(pattern, fixture)
            if (query) url += `?${new URLSearchParams(flatten(query))}`
            const before = await rowCounts()
            const reply = await client.send(method, url, {
              body,
              inertia: !asJsonClient,
              headers: {
                ...(asJsonClient ? { accept: 'application/json' } : {}),
                ...identityHeaders(pattern, identity, apiToken),
              },
            })
            counts[reply.status] = (counts[reply.status] ?? 0) + 1
            assert.isBelow(reply.status, 500, `${method} ${url}: ${reply.text().slice(0, 500)}`)
            const { refused, loggedIn } = await refusal(reply, client)
            if (refused)
              assert.deepEqual(await rowCounts(), before, 'a refused request stored rows')
            if (identity === 'guest' && loggedIn) {
              // The payload signed a guest up or in: the next one starts as a guest again.
              guest = visitor()
              await guest.open('/')
            }
          }),
          { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true }
        )
        assert.deepEqual(sourceReads(), [])
      })
    }
  }

  for (const { pattern } of pages) {
    for (const identity of ['guest', 'member'] as const) {
      // GET /logout logs no one out: the member's session outlives it.
      test(`GET ${pattern} as a ${identity}, with any query string`, async ({ assert }) => {
        const counts: Record<number, number> = {}
        statuses.set(`GET ${pattern} (${identity})`, counts)
        const client = identity === 'member' ? member : visitor()
        if (identity === 'guest') await client.open('/')
        const requests = fc.record({
          query: queryFor(validQuery(pattern)),
          asJsonClient: fc.boolean(),
        })
        await fc.assert(
          fc.asyncProperty(requests, async ({ query, asJsonClient }) => {
            const url = `${pathOf(pattern, fixture)}?${new URLSearchParams(flatten(query))}`
            const reply = await client.send('GET', url, {
              inertia: !asJsonClient,
              headers: {
                ...(asJsonClient ? { accept: 'application/json' } : {}),
                ...identityHeaders(pattern, identity, apiToken),
              },
            })
            counts[reply.status] = (counts[reply.status] ?? 0) + 1
            assert.isBelow(reply.status, 500, `GET ${url}: ${reply.text().slice(0, 500)}`)
          }),
          { numRuns: RUNS_PER_PAGE, seed: SEED, endOnFailure: true }
        )
      })
    }
  }
})
