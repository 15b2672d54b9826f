import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { makeMember } from '#tests/helpers/auth'
import { fieldErrors } from '#tests/helpers/validation'
import { pageObjectIn } from '#tests/helpers/inertia'
import { newGuid, validPetition } from '#tests/helpers/petitions'
import env from '#start/env'
import { PetitionFactory } from '#database/factories/petition_factory'

const LONE_SURROGATE = '\ud800'
const NUL = '\u0000'

/** Rows of the tables a form writes to, to show that a refusal wrote nothing. */
async function rowCounts() {
  const tables = [
    'users',
    'signatures',
    'contact_messages',
    'newsletter_subscriptions',
    'petitions',
  ]
  const counts: Record<string, number> = {}
  for (const table of tables) {
    const [row] = await db.from(table).count('* as total')
    counts[table] = Number(row.total)
  }
  return counts
}

test.group('Malformed input', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a lone surrogate in an e-mail is a 422 on {url}, never a crash')
    .with([
      { url: '/login', form: { password: 'whatever-it-is' } },
      { url: '/signup', form: { firstName: 'Olena', lastName: 'Koval', password: 'x' } },
      { url: '/auth/password/email', form: {} },
      { url: '/auth/password/reset', form: { token: 'abc', password: 'violet-river-3141' } },
      { url: '/contacts', form: { name: 'Olena', subject: 'A question for you', message: 'x' } },
      { url: '/subscription', form: {} },
      { url: '/petition/{guid}/sign', form: { firstName: 'Olena', lastName: 'Koval' } },
    ])
    .run(async ({ client, assert }, { url, form }) => {
      const petition = await PetitionFactory.apply('published').with('user').create()
      const before = await rowCounts()
      const response = await client
        .post(url.replace('{guid}', petition.guid))
        .header('host', 'uk.undersign.test')
        .header('accept', 'application/json')
        .json({ ...form, email: `olena${LONE_SURROGATE}@example.com` })
        .withCsrfToken()
      response.assertStatus(422)
      const errors = response.body().errors as Array<{
        field: string
        rule: string
        message: string
      }>
      assert.deepEqual(
        errors.map(({ field, rule }) => ({ field, rule })),
        [{ field: 'email', rule: 'readableText' }]
      )
      // Translated, with the field's own name, in the page's language.
      assert.equal(
        errors[0].message,
        'Поле «Електронна адреса» містить символи, які неможливо прочитати. Введіть його ще раз.'
      )
      assert.deepEqual(await rowCounts(), before)
    })

  test('a form gets the error under the field, wherever the field sits', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const letters = [{ payload: `Dear council${NUL}`, recipients: [{ name: 'Mayor' }] }]
    const response = await client
      .post(`/petition/${newGuid()}/create`)
      .json(validPetition({ letters, title: `Parks ${LONE_SURROGATE}` }))
      .loginAs(member)
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    assert.sameMembers(Object.keys(fieldErrors(response)), ['letters.0.payload', 'title'])
    assert.equal((await db.from('petitions').count('* as total'))[0].total, 0)
  })

  test('unreadable keys and query strings are refused too', async ({ client, assert }) => {
    const key = await client
      .post('/contacts')
      .header('accept', 'application/json')
      .json({ [`name${LONE_SURROGATE}`]: 'Olena' })
      .withCsrfToken()
      .redirects(0)
    key.assertStatus(422)
    assert.equal(key.body().errors[0].field, 'input')

    const query = await client
      .post('/subscription')
      .qs({ source: `footer${NUL}` })
      .header('accept', 'application/json')
      .json({ email: 'olena@example.com' })
      .withCsrfToken()
    query.assertStatus(422)
    assert.equal(query.body().errors[0].field, 'source')
    assert.equal((await db.from('newsletter_subscriptions').count('* as total'))[0].total, 0)
  })

  test('a page visit with unreadable text in its query gets the 400 page', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/petitions').qs({ page: `2${NUL}` })
    response.assertStatus(400)
    const page = pageObjectIn(response.text())
    assert.equal(page.component, 'Errors/Status')
    assert.equal(page.props.status, 400)
  })

  test('a body that does not parse is a 400: the page, or JSON for the app', async ({ assert }) => {
    // Sent as raw bytes: the test client would encode the half body as a JSON string.
    const post = (accept: string) =>
      fetch(`http://localhost:${env.get('PORT')}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept },
        body: '{"email": ',
      })
    const page = await post('text/html')
    assert.equal(page.status, 400)
    assert.equal(pageObjectIn(await page.text()).props.status, 400)

    const json = await post('application/json')
    assert.equal(json.status, 400)
    const body = (await json.json()) as { status: number; message: string }
    assert.equal(body.status, 400)
    assert.equal(body.message, 'We could not read this request. Please go back and try again.')
  })

  test('input nested deeper than any form is a 400', async ({ client }) => {
    let nested: unknown = 'deep'
    for (let level = 0; level < 40; level++) nested = [nested]
    const response = await client
      .post('/contacts')
      .header('accept', 'application/json')
      .json({ name: nested })
      .withCsrfToken()
    response.assertStatus(400)
  })

  test('a field named like a member of every object still gets its error, not a 500', async ({
    client,
    assert,
  }) => {
    for (const name of ['toString', '__proto__', 'constructor']) {
      const response = await client
        .post('/contacts')
        .json(JSON.parse(`{"${name}": "x${'\\u0000'}"}`))
        .withCsrfToken()
        .redirects(0)
      response.assertStatus(302)
      // The body parser drops __proto__ itself; the form then lacks every field.
      assert.property(fieldErrors(response), name === '__proto__' ? 'email' : 'input')
    }
  })

  test('numbers beyond what the database holds are refused or read as the nearest page', async ({
    client,
  }) => {
    const member = await makeMember()
    const media = await client
      .delete(`/petition/${newGuid()}/media`)
      .qs({ id: '4.3e204' })
      .header('accept', 'application/json')
      .loginAs(member)
      .withCsrfToken()
    media.assertStatus(422)
    for (const page of ['1e300', '99999999999999999999', '-5', 'x']) {
      ;(await client.get('/petitions').qs({ page })).assertStatus(200)
      ;(await client.get('/my/petitions').qs({ page }).loginAs(member)).assertStatus(200)
    }
  })

  test('an object that hides toString or valueOf is refused, not read as a number', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    for (const hidden of ['toString', 'valueOf']) {
      const response = await client
        .post(`/petition/${newGuid()}/create`)
        .json(validPetition({ targetSignatures: { [hidden]: '' } }))
        .loginAs(member)
        .withCsrfToken()
        .redirects(0)
      response.assertStatus(302)
      assert.property(fieldErrors(response), 'targetSignatures')
    }
    assert.equal((await db.from('petitions').count('* as total'))[0].total, 0)
  })
})
