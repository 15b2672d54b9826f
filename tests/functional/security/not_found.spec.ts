import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiResponse } from '@japa/api-client'
import { makeMember } from '#tests/helpers/auth'
import { pageObjectIn } from '#tests/helpers/inertia'
import { newGuid } from '#tests/helpers/petitions'
import { PetitionFactory } from '#database/factories/petition_factory'

/** The translated 404 page, in German: what an unknown route answers. */
function assertNotFoundPage(response: ApiResponse, assert: any) {
  response.assertStatus(404)
  const page = pageObjectIn(response.text())
  assert.equal(page.component, 'Errors/Status')
  assert.equal(page.props.status, 404)
  assert.include(response.text(), 'Seite nicht gefunden')
}

const GERMAN = 'de.undersign.test'

test.group('Unknown and malformed addresses', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('unknown slugs and guids answer with the translated 404 page', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    assertNotFoundPage(
      await client.get('/petition/no-such-petition').header('host', GERMAN),
      assert
    )
    for (const path of [`/petition/${newGuid()}/edit`, `/petition/${newGuid()}/signatures`]) {
      assertNotFoundPage(await client.get(path).header('host', GERMAN).loginAs(member), assert)
    }
  })

  test("someone else's draft answers with the 404 page wherever it is asked for", async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.with('user').create()
    const stranger = await makeMember()
    for (const path of [
      `/petition/${petition.slug}`,
      `/petition/${petition.guid}/edit`,
      `/petition/${petition.guid}/signatures`,
    ]) {
      assertNotFoundPage(await client.get(path).header('host', GERMAN).loginAs(stranger), assert)
    }
  })

  test('a malformed guid is a 404 on every route that takes one', async ({ client, assert }) => {
    const member = await makeMember()
    // The last one is nearly a UUID: letters beyond f, which PostgreSQL's uuid refuses.
    for (const guid of ['not-a-guid', '%00', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz']) {
      assertNotFoundPage(
        await client.get(`/petition/${guid}/edit`).header('host', GERMAN).loginAs(member),
        assert
      )
      const requests = [
        client.post(`/petition/${guid}/sign`).json({}),
        client.post(`/petition/${guid}/create`).json({}).loginAs(member),
        client.post(`/petition/${guid}/media`).json({}).loginAs(member),
        client.delete(`/petition/${guid}/media`).qs({ id: 1 }).loginAs(member),
        client.patch(`/petition/${guid}/signatures/1`).json({ active: true }).loginAs(member),
        client.post(`/petition/${guid}/signatures/download`).loginAs(member),
        client.get(`/petition/${guid}/signatures/hours.json`).loginAs(member),
      ]
      for (const request of requests) {
        const response = await request.header('accept', 'application/json').withCsrfToken()
        response.assertStatus(404)
      }
    }
  })

  test('an id beyond what the database holds, or with a NUL, is a 404', async ({
    client,
    assert,
  }) => {
    for (const id of ['2147483648', '99999999999999999999', '0', '007', '1%00']) {
      assertNotFoundPage(
        await client.get(`/signature/${id}/confirm`).header('host', GERMAN),
        assert
      )
      const confirm = await client
        .post(`/signature/${id}/confirm`)
        .header('accept', 'application/json')
        .withCsrfToken()
      confirm.assertStatus(404)
    }
    // The largest id is still an address: its link is merely invalid.
    const largest = await client.get('/signature/2147483647/confirm').withInertia()
    largest.assertStatus(200)
    largest.assertInertiaComponent('Petition/ConfirmSignature')
  })

  test('a slug with characters no slug has is a 404', async ({ client, assert }) => {
    for (const slug of ['%00', 'Save-The-Park', 'park%20now', '-park', `${'a'.repeat(161)}`]) {
      assertNotFoundPage(await client.get(`/petition/${slug}`).header('host', GERMAN), assert)
    }
  })

  test('a file URL no stored file can have is a 404, never a 500', async ({ client, assert }) => {
    const paths = ['/uploads/a*b.jpg', '/uploads/%2e%2e/%2e%2e/etc/passwd', '/uploads/missing.jpg']
    for (const path of paths) {
      assertNotFoundPage(await client.get(path).header('host', GERMAN), assert)
    }
  })
})
