import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import i18nManager from '@adonisjs/i18n/services/main'
import type { ApiResponse } from '@japa/api-client'
import { makeMember } from '#tests/helpers/auth'
import { inertiaPage } from '#tests/helpers/inertia'
import { newGuid } from '#tests/helpers/petitions'
import { PetitionFactory } from '#database/factories/petition_factory'

const SPANISH = 'es.undersign.test'
const es = i18nManager.locale('es')

/**
 * An Inertia page answer: the page object with the X-Inertia header, under
 * `status`, telling caches that the address answers HTML to a full load.
 */
function assertInertiaPage(response: ApiResponse, status: number, component: string, assert: any) {
  response.assertStatus(status)
  assert.equal(response.header('x-inertia'), 'true')
  assert.match(response.header('vary') ?? '', /\bx-inertia\b/i)
  const page = inertiaPage(response)
  assert.equal(page.component, component)
  return page
}

test.group('Errors met by an Inertia visit', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a link to a missing page gets the translated 404 page at the visited address', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    // An unknown route (answered before the router's middleware), an unknown slug, a missing guid.
    for (const path of [
      '/no-such-page',
      '/petition/no-such-petition?ref=mail',
      `/petition/${newGuid()}/edit`,
    ]) {
      const response = await client.get(path).header('host', SPANISH).withInertia().loginAs(member)
      const page = assertInertiaPage(response, 404, 'Errors/Status', assert)
      assert.equal(page.props.status, 404, path)
      assert.equal(page.props.appLocale, 'es', path)
      assert.equal(page.url, path)
    }
  })

  test("a link to someone else's petition form gets the 403 page", async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const stranger = await makeMember()
    const path = `/petition/${petition.guid}/edit`
    const response = await client.get(path).header('host', SPANISH).withInertia().loginAs(stranger)
    const page = assertInertiaPage(response, 403, 'Errors/Status', assert)
    assert.equal(page.props.status, 403)
    assert.equal(page.url, path)
  })

  test('a link to a petition the moderators hid gets its removed page with 410', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('hidden')
      .merge({ title: 'Sell watches here', hiddenReason: 'spam', hiddenNote: 'Advertises watches' })
      .with('user')
      .create()
    const path = `/petition/${petition.slug}`
    const response = await client.get(path).header('host', SPANISH).withInertia()
    const page = assertInertiaPage(response, 410, 'Petition/Removed', assert)
    // The reason of the list, never the moderator's note.
    assert.equal(page.props.reason, 'spam')
    assert.notInclude(JSON.stringify(page.props), 'Advertises watches')
    assert.equal(page.url, path)
  })

  test('a form refused with 403 or 404 keeps its translated message for a toast', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const stranger = await makeMember()
    const forbidden = await client
      .post(`/petition/${petition.guid}/create`)
      .header('host', SPANISH)
      .withInertia()
      .json({ title: 'Mine now' })
      .withCsrfToken()
      .loginAs(stranger)
    forbidden.assertStatus(403)
    assert.isUndefined(forbidden.header('x-inertia'))
    assert.deepEqual(forbidden.body(), { status: 403, message: es.t('page.errors.403.text') })

    const missing = await client
      .post(`/petition/${newGuid()}/sign`)
      .header('host', SPANISH)
      .withInertia()
      .json({})
      .withCsrfToken()
    missing.assertStatus(404)
    assert.isUndefined(missing.header('x-inertia'))
    assert.deepEqual(missing.body(), { status: 404, message: es.t('page.errors.404.text') })
  })
})
