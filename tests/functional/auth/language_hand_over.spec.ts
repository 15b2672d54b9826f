import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import { site } from '#config/site'
import { flashed, loggedInAs, makeMember } from '#tests/helpers/auth'

/** The page of the English site a member leaves from. */
const ENGLISH_ORIGIN = new URL(site.urlFor('en')).origin
const FRENCH_HOST = new URL(site.urlFor('fr')).hostname

/** The pass the English site gives a member going to French, and where to post it. */
async function passFor(client: ApiClient, member: User) {
  const response = await client
    .post('/language/hand-over')
    .json({ locale: 'fr' })
    .loginAs(member)
    .withCsrfToken()
  response.assertStatus(200)
  return response.body() as { action: string; token: string }
}

/** The pass posted to the French site, as the English page's form posts it: no cookie of its own. */
function accept(
  client: ApiClient,
  fields: Record<string, string>,
  origin: string | null = ENGLISH_ORIGIN
) {
  const request = client.post('/language/hand-over/accept').header('host', FRENCH_HOST).form(fields)
  if (origin) request.header('origin', origin)
  return request.redirects(0)
}

test.group('Language hand-over (each language’s site with its own session)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a member’s pass logs them in on the other language’s site once, on the same page', async ({
    assert,
    client,
  }) => {
    const member = await makeMember()
    const { action, token } = await passFor(client, member)
    assert.equal(action, `${site.urlFor('fr')}/language/hand-over/accept`)
    // Kept only as a hash, for a minute.
    const [row] = await db.from('language_hand_overs').where('user_id', member.id)
    assert.notEqual(row.token_hash, token)
    assert.lengthOf(row.token_hash, 64)

    const taken = await accept(client, { token, to: '/my/signatures?page=2' })
    taken.assertStatus(302)
    assert.equal(taken.header('location'), '/my/signatures?page=2')
    assert.equal(loggedInAs(taken), member.id)

    // The same pass again (a replayed form) logs nobody in: to the login form, then the page.
    const again = await accept(client, { token, to: '/my/signatures' })
    assert.equal(again.header('location'), '/login')
    assert.isNull(loggedInAs(again))
    assert.equal(
      flashed(again, 'messages', 'info'),
      (await import('@adonisjs/i18n/services/main')).default
        .locale('fr')
        .t('page.auth.hand_over_expired')
    )
    assert.equal((again.session() as Record<string, unknown>).intended_url, '/my/signatures')
  })

  test('an expired or made-up pass logs nobody in; one posted from another site is refused and stays unused', async ({
    assert,
    client,
  }) => {
    const member = await makeMember()
    const expired = await passFor(client, member)
    await db.from('language_hand_overs').update({
      expires_at: DateTime.utc()
        .minus({ seconds: 1 })
        .toFormat(db.connection().dialect.dateTimeFormat),
    })
    for (const token of [expired.token, 'made-up-token', '']) {
      const response = await accept(client, { token, to: '/' })
      assert.isNull(loggedInAs(response), token)
      assert.notEqual(response.status(), 200)
    }

    const { token } = await passFor(client, member)
    for (const origin of ['https://evil.example', 'null', null, `${ENGLISH_ORIGIN}.evil.example`]) {
      const refused = await accept(client, { token, to: '/' }, origin)
      refused.assertStatus(403)
      assert.isNull(loggedInAs(refused), String(origin))
    }
    const taken = await accept(client, { token, to: '/' })
    assert.equal(loggedInAs(taken), member.id)
  })

  test('only a member gets a pass, with a CSRF token; the page to land on is always one of this site', async ({
    assert,
    client,
  }) => {
    const guest = await client
      .post('/language/hand-over')
      .json({ locale: 'fr' })
      .withCsrfToken()
      .redirects(0)
    assert.oneOf(guest.status(), [302, 401])
    assert.equal(
      await db
        .from('language_hand_overs')
        .count('* as total')
        .first()
        .then((row) => Number(row.total)),
      0
    )

    const member = await makeMember()
    const forged = await client.post('/language/hand-over').json({ locale: 'fr' }).loginAs(member)
    forged.assertStatus(419)
    const unknown = await client
      .post('/language/hand-over')
      .json({ locale: 'xx' })
      .accept('json')
      .loginAs(member)
      .withCsrfToken()
    unknown.assertStatus(422)

    for (const to of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
    ]) {
      const { token } = await passFor(client, member)
      const taken = await accept(client, { token, to })
      assert.equal(loggedInAs(taken), member.id)
      assert.equal(taken.header('location'), '/', to)
    }
  })
})
