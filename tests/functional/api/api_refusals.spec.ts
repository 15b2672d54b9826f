import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { createApiToken } from '#services/api_tokens/tokens'
import { makeMember } from '#tests/helpers/auth'
import { PetitionFactory } from '#database/factories/petition_factory'

/** A token of every ability for a member who owns a published petition. */
async function ownerWithToken() {
  const owner = await makeMember()
  const petition = await PetitionFactory.apply('published').merge({ userId: owner.id }).create()
  const { value } = await createApiToken(owner, {
    name: 'CRM sync',
    abilities: ['signatures:read', 'signatures:write', 'webhooks:manage'],
    expiresInDays: 30,
  })
  return { petition, bearer: `Bearer ${value}` }
}

/**
 * A program calling the token API is answered in JSON whatever goes wrong
 * before its controller: never a page to read, never a redirect to a form.
 */
test.group('Token API: refusals are JSON', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('unreadable text in a body is a 422 naming its field, not a redirect', async ({
    client,
    assert,
  }) => {
    const { petition, bearer } = await ownerWithToken()
    const response = await client
      .post(`/api/osdi/v1/petitions/${petition.guid}/signatures`)
      .header('authorization', bearer)
      .json({ person: { given_name: 'Ada\u0000', family_name: 'Lovelace' } })
      .redirects(0)
    response.assertStatus(422)
    const { errors } = response.body()
    assert.deepInclude(
      errors.map(({ field }: { field: string }) => field),
      'person.given_name'
    )
    assert.equal(errors[0].code, 'invalid')
    assert.isString(errors[0].message)
  })

  test('an unknown API address is a JSON 404, whatever the client accepts', async ({
    client,
    assert,
  }) => {
    const { bearer } = await ownerWithToken()
    const response = await client
      .get('/api/v1/no-such-thing')
      .header('authorization', bearer)
      .header('accept', 'text/html')
    response.assertStatus(404)
    assert.equal(response.body().errors[0].code, 'not_found')
  })

  test('the docs page stays a page', async ({ client, assert }) => {
    const response = await client.get('/api/docs/no-such-page').header('accept', 'text/html')
    response.assertStatus(404)
    assert.include(response.header('content-type'), 'text/html')
  })
})
