import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { createApiToken } from '#services/api_tokens/tokens'
import { allowedRequests, rateLimits } from '#config/rate_limits'
import { API_TOKENS_PER_MEMBER, type ApiAbility } from '#shared/api_access'
import { flashed, makeMember, PASSWORD } from '#tests/helpers/auth'
import tokensArea from '#openapi/paths/tokens'
import { fieldErrors } from '#tests/helpers/validation'

const READ: ApiAbility[] = ['signatures:read']

/** The settings form's POST, as the page sends it. */
function createToken(client: ApiClient, member: User, body: Record<string, unknown>) {
  return client.post('/account/tokens').json(body).loginAs(member).withCsrfToken().redirects(0)
}

function revokeToken(client: ApiClient, member: User, id: number) {
  return client.delete(`/account/tokens/${id}`).loginAs(member).withCsrfToken().redirects(0)
}

/** A token made as the settings form makes it; its value. */
async function tokenOf(member: User, name = 'CRM sync', abilities = READ) {
  const { token, value } = await createApiToken(member, { name, abilities, expiresInDays: 30 })
  return { id: Number(token.identifier), value }
}

function me(client: ApiClient, authorization?: string) {
  const request = client.get('/api/v1/me')
  return authorization ? request.header('authorization', authorization) : request
}

async function tokenRow(id: number) {
  return db.from('api_tokens').where('id', id).first()
}

async function usesOf(id: number) {
  return db.from('api_token_uses').where('token_id', id).orderBy('id')
}

/** A value with this token's id and another secret of the same length. */
function withWrongSecret(value: string) {
  const [head, secret] = value.split('.')
  const wrong = secret.startsWith('A') ? `B${secret.slice(1)}` : `A${secret.slice(1)}`
  return `${head}.${wrong}`
}

test.group('API tokens: made on the settings page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a new token starts with ust_, is stored only hashed, and is flashed once', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const response = await createToken(client, member, {
      name: 'CiviCRM sync',
      abilities: ['signatures:read', 'webhooks:manage'],
      expiresInDays: 90,
    })
    response.assertStatus(302)
    response.assertHeader('location', '/my/account')
    const shown = response.flashMessages()?.newApiToken as { id: number; value: string }
    assert.match(shown.value, /^ust_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{20,}$/)

    const row = await tokenRow(shown.id)
    assert.equal(row.tokenable_id, member.id)
    assert.equal(row.name, 'CiviCRM sync')
    assert.deepEqual(JSON.parse(row.abilities), ['signatures:read', 'webhooks:manage'])
    // No part of the secret is in the row: only its hash.
    const secret = shown.value.split('.')[1]
    const stored = Object.values(row).map(String).join('\n')
    for (let start = 0; start + 8 <= secret.length; start += 4) {
      assert.notInclude(stored, secret.slice(start, start + 8))
    }
    const expiresAt = new Date(row.expires_at).getTime()
    const inNinetyDays = Date.now() + 90 * 24 * 3600 * 1000
    assert.approximately(expiresAt, inNinetyDays, 60_000)

    // The page the redirect leads to shows it, and keeps no copy in any cache.
    const landing = await client
      .get('/my/account')
      .loginAs(member)
      .withFlashMessages({ newApiToken: shown })
      .withInertia()
    landing.assertInertiaComponent('My/Account')
    assert.equal(landing.inertiaProps.newApiToken.value, shown.value)
    assert.include(landing.header('cache-control'), 'no-store')
    assert.include(landing.header('cache-control'), 'private')
    // The page after it: the list, without the value.
    const next = await client.get('/my/account').loginAs(member).withInertia()
    assert.isNull(next.inertiaProps.newApiToken)
    assert.notInclude(JSON.stringify(next.inertiaProps), secret)
    assert.notInclude(JSON.stringify(next.inertiaProps), row.hash)
    assert.containsSubset(next.inertiaProps.apiTokens, [
      {
        id: shown.id,
        name: 'CiviCRM sync',
        abilities: ['signatures:read', 'webhooks:manage'],
        lastUsedAt: null,
        expired: false,
        uses: [],
      },
    ])
  })

  test('without an expiry a token lives 90 days; duplicate abilities are refused', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const response = await createToken(client, member, { name: 'Sheet', abilities: READ })
    const { id } = response.flashMessages()?.newApiToken as { id: number }
    const expiresAt = new Date((await tokenRow(id)).expires_at).getTime()
    assert.approximately(expiresAt, Date.now() + 90 * 24 * 3600 * 1000, 60_000)

    const twice = await createToken(client, member, {
      name: 'Twice',
      abilities: ['signatures:read', 'signatures:read'],
    })
    assert.property(fieldErrors(twice), 'abilities')
  })

  test('bad input is refused under its field, translated, and stores nothing', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const tooLong = await createToken(client, member, {
      name: 'x'.repeat(61),
      abilities: ['signatures:delete'],
      expiresInDays: 366,
    })
    tooLong.assertStatus(302)
    const errors = fieldErrors(tooLong)
    assert.deepEqual(errors.expiresInDays, ['A token is valid for 1 to 365 days'])
    assert.deepEqual(errors.name, ['The name can have at most 60 characters'])
    assert.deepEqual(errors['abilities.0'], ['Please choose among the offered permissions'])

    const empty = await client
      .post('/account/tokens')
      .header('host', 'uk.undersign.test')
      .json({ name: '', abilities: [], expiresInDays: 0 })
      .loginAs(member)
      .withCsrfToken()
      .redirects(0)
    const uk = fieldErrors(empty)
    assert.deepEqual(uk.name, ['Дайте токену назву'])
    assert.deepEqual(uk.abilities, ['Виберіть принаймні один дозвіл'])
    assert.deepEqual(uk.expiresInDays, ['Токен може діяти від 1 до 365 днів'])
    assert.isUndefined(empty.flashMessages()?.newApiToken)
    assert.lengthOf(await db.from('api_tokens'), 0)
  })

  test('a member holds at most 20 live tokens: the 21st is refused, an expired one does not count', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const made = []
    for (let index = 0; index < API_TOKENS_PER_MEMBER; index++) {
      made.push(await tokenOf(member, `Tool ${index}`))
    }
    const refused = await createToken(client, member, { name: 'One more', abilities: READ })
    refused.assertHeader('location', '/my/account')
    assert.isUndefined(refused.flashMessages()?.newApiToken)
    assert.include(flashed(refused, 'alerts', 'error'), `${API_TOKENS_PER_MEMBER} active tokens`)
    assert.lengthOf(await db.from('api_tokens').where('tokenable_id', member.id), 20)

    await db
      .from('api_tokens')
      .where('id', made[0].id)
      .update({ expires_at: new Date(Date.now() - 1000) })
    const allowed = await createToken(client, member, { name: 'One more', abilities: READ })
    assert.match((allowed.flashMessages()?.newApiToken as { value: string }).value, /^ust_/)
  })

  test('a member revokes their token; another member’s or an unknown id is a 404', async ({
    client,
    assert,
  }) => {
    const owner = await makeMember()
    const stranger = await makeMember()
    const { id } = await tokenOf(owner)

    const theirs = await revokeToken(client, stranger, id)
    theirs.assertStatus(404)
    assert.exists(await tokenRow(id))
    ;(await revokeToken(client, stranger, 2_000_000_000)).assertStatus(404)

    const revoked = await revokeToken(client, owner, id)
    revoked.assertHeader('location', '/my/account')
    assert.equal(flashed(revoked, 'alerts', 'success'), 'The token has been revoked.')
    assert.notExists(await tokenRow(id))
    ;(await revokeToken(client, owner, id)).assertStatus(404)
  })

  test('the forms need the CSRF token, and guests are sent to the login', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const { id } = await tokenOf(member)
    const noCsrf = await client
      .post('/account/tokens')
      .json({ name: 'Forged', abilities: READ })
      .loginAs(member)
      .redirects(0)
    noCsrf.assertStatus(419)
    const forgedRevoke = await client.delete(`/account/tokens/${id}`).loginAs(member).redirects(0)
    forgedRevoke.assertStatus(419)
    assert.exists(await tokenRow(id))
    assert.lengthOf(await db.from('api_tokens'), 1)

    const guest = await client
      .post('/account/tokens')
      .json({ name: 'Guest', abilities: READ })
      .withCsrfToken()
      .redirects(0)
    guest.assertHeader('location', '/login')
    const guestRevoke = await client.delete(`/account/tokens/${id}`).withCsrfToken().redirects(0)
    guestRevoke.assertHeader('location', '/login')
    assert.exists(await tokenRow(id))
  })
})

test.group('API tokens: GET /api/v1/me and the 401s', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a valid token gets its member and itself, and each use is recorded', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ firstName: 'Olena', lastName: 'Koval' })
    const { id, value } = await tokenOf(member, 'Zapier', ['signatures:write'])
    const response = await me(client, `Bearer ${value}`).qs({ probe: 1 })
    response.assertStatus(200)
    const expiresAt = new Date((await tokenRow(id)).expires_at).toISOString()
    assert.deepEqual(response.body(), {
      id: member.id,
      name: 'Olena Koval',
      token: { name: 'Zapier', abilities: ['signatures:write'], expiresAt },
    })
    assert.notExists(response.header('set-cookie'), 'a token route sets no cookie')
    // The answer has the shape the API's description gives (its example's and its schema's).
    const described = (tokensArea.paths['/api/v1/me'] as any).get.responses['200']
    const example = described.content['application/json'].example
    const schema = tokensArea.schemas!.Me as any
    assert.sameMembers(Object.keys(response.body()), Object.keys(example))
    assert.sameMembers(Object.keys(response.body()), Object.keys(schema.properties))
    assert.sameMembers(
      Object.keys(response.body().token),
      Object.keys(schema.properties.token.properties)
    )
    await me(client, `Bearer ${value}`)

    const uses = await usesOf(id)
    assert.deepEqual(
      uses.map(({ method, path }) => ({ method, path })),
      [
        { method: 'GET', path: '/api/v1/me' },
        { method: 'GET', path: '/api/v1/me' },
      ]
    )
    assert.isNotNull((await tokenRow(id)).last_used_at)

    const page = await client.get('/my/account').loginAs(member).withInertia()
    const [listed] = page.inertiaProps.apiTokens
    assert.isNotNull(listed.lastUsedAt)
    assert.lengthOf(listed.uses, 2)
    assert.containsSubset(listed.uses, [{ method: 'GET', path: '/api/v1/me' }])
    // The page itself, rendered on the server with a used token's dates.
    const html = await client.get('/my/account').loginAs(member)
    html.assertStatus(200)
    assert.include(html.text(), 'Zapier')
  })

  test('401 {case}, with WWW-Authenticate and the JSON error, in the site’s language')
    .with([
      { case: 'without a header', header: null },
      { case: 'with another scheme', header: 'Basic dXNlcjpwYXNz' },
      { case: 'with a malformed token', header: 'Bearer not-a-token' },
      { case: 'with the prefix alone', header: 'Bearer ust_' },
      {
        case: 'with an unknown id',
        header: `Bearer ust_${Buffer.from('2000000000').toString('base64url')}.${'a'.repeat(40)}`,
      },
    ])
    .run(async ({ client, assert }, { header }) => {
      const member = await makeMember()
      await tokenOf(member)
      const response = await me(client, header ?? undefined).header('host', 'uk.undersign.test')
      response.assertStatus(401)
      assert.equal(response.header('www-authenticate'), 'Bearer realm="api"')
      assert.deepEqual(response.body(), {
        errors: [
          {
            code: 'unauthorized',
            message:
              'Потрібен дійсний API-токен: надішліть його як «Authorization: Bearer ust_…». Можливо, строк його дії минув або його відкликано.',
          },
        ],
      })
      assert.lengthOf(await db.from('api_token_uses'), 0)
    })

  test('a wrong secret with a right id is a 401 that moves no last use and records no use', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const { id, value } = await tokenOf(member)
    const response = await me(client, `Bearer ${withWrongSecret(value)}`)
    response.assertStatus(401)
    assert.equal(response.body().errors[0].code, 'unauthorized')
    assert.isNull((await tokenRow(id)).last_used_at)
    assert.lengthOf(await usesOf(id), 0)
  })

  test('an expired token is a 401 and moves no last use', async ({ client, assert }) => {
    const member = await makeMember()
    const { id, value } = await tokenOf(member)
    await db
      .from('api_tokens')
      .where('id', id)
      .update({ expires_at: new Date(Date.now() - 1000) })
    const response = await me(client, `Bearer ${value}`)
    response.assertStatus(401)
    assert.isNull((await tokenRow(id)).last_used_at)

    const page = await client.get('/my/account').loginAs(member).withInertia()
    assert.isTrue(page.inertiaProps.apiTokens[0].expired)
  })

  test('a revoked token is a 401', async ({ client }) => {
    const member = await makeMember()
    const { id, value } = await tokenOf(member)
    ;(await me(client, `Bearer ${value}`)).assertStatus(200)
    await revokeToken(client, member, id)
    ;(await me(client, `Bearer ${value}`)).assertStatus(401)
  })

  test('past its allowance a token gets a JSON 429 with Retry-After', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const { id, value } = await tokenOf(member)
    const rule = rateLimits.apiToken
    await limiter
      .use({
        requests: allowedRequests('apiToken'),
        duration: rule.every,
        blockDuration: rule.blockFor,
      })
      .block(`apiToken_apiToken_${id}`, rule.blockFor)
    const response = await me(client, `Bearer ${value}`).header('host', 'de.undersign.test')
    response.assertStatus(429)
    assert.isAbove(Number(response.header('retry-after')), 0)
    assert.deepEqual(response.body(), {
      errors: [
        {
          code: 'rate_limited',
          message:
            'Zu viele Anfragen mit diesem Token. Bitte warten Sie eine Minute und versuchen Sie es erneut.',
        },
      ],
    })
    // Another token of the same member is counted on its own.
    const other = await tokenOf(member, 'Other')
    ;(await me(client, `Bearer ${other.value}`)).assertStatus(200)
  })
})

test.group('API tokens go with their account', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('the data export lists the tokens and their uses, never a hash', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const { value } = await tokenOf(member, 'Export me', ['signatures:read', 'webhooks:manage'])
    await me(client, `Bearer ${value}`)
    const response = await client.get('/my/account/export').loginAs(member).redirects(0)
    const data = JSON.parse(response.text())
    assert.lengthOf(data.apiTokens, 1)
    const [token] = data.apiTokens
    assert.equal(token.name, 'Export me')
    assert.deepEqual(token.abilities, ['signatures:read', 'webhooks:manage'])
    assert.isString(token.createdAt)
    assert.isString(token.lastUsedAt)
    assert.isString(token.expiresAt)
    assert.containsSubset(token.uses, [{ method: 'GET', path: '/api/v1/me' }])
    assert.notProperty(token, 'hash')
    const { hash } = await db.from('api_tokens').where('tokenable_id', member.id).firstOrFail()
    assert.notInclude(response.text(), hash)
    assert.notInclude(response.text(), value.split('.')[1])
  })

  test('deleting the account deletes its tokens and their uses', async ({ client, assert }) => {
    const member = await makeMember()
    const { id, value } = await tokenOf(member)
    await me(client, `Bearer ${value}`)
    const deleted = await client
      .post('/my/account/delete')
      .json({ currentPassword: PASSWORD, understood: true })
      .loginAs(member)
      .withCsrfToken()
      .redirects(0)
    deleted.assertStatus(302)
    assert.notExists(await tokenRow(id))
    assert.lengthOf(await usesOf(id), 0)
    ;(await me(client, `Bearer ${value}`)).assertStatus(401)
  })
})
