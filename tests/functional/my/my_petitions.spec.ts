import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeMember } from '#tests/helpers/auth'
import { insertSignatureRows } from '#database/seeders/signature_rows'
import { recountSignatures } from '#services/signatures/recount'
import { PetitionFactory } from '#database/factories/petition_factory'

function keysDeep(value: unknown, into: string[] = []): string[] {
  if (value && typeof value === 'object') {
    for (const [key, nested] of Object.entries(value)) {
      into.push(key)
      keysDeep(nested, into)
    }
  }
  return into
}

test.group('My petitions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('guests are sent to /login', async ({ client }) => {
    const response = await client.get('/my/petitions').redirects(0)
    response.assertHeader('location', '/login')
  })

  test('the member sees their profile and an empty petitions list', async ({ client, assert }) => {
    const member = await makeMember({
      firstName: 'Luca',
      lastName: 'Bianchi',
      nickName: 'lucab',
      role: 0,
    })
    const response = await client.get('/my/petitions').loginAs(member).withInertia()
    response.assertInertiaComponent('My/MyPetitions')
    const { user, petitions } = response.inertiaProps
    assert.containSubset(user, {
      firstName: 'Luca',
      lastName: 'Bianchi',
      nickName: 'lucab',
      email: member.email,
      role: 0,
      signatures: 0,
    })
    assert.isString(user.avatar)
    assert.isString(user.createdAt)
    assert.equal(petitions.total, 0)
    assert.deepEqual(petitions.data, [])
  })

  test('no page carries a password hash, a token or a provider id', async ({ client, assert }) => {
    const member = await makeMember({ githubId: '99' })
    for (const url of ['/', '/my/petitions', '/contacts', '/faq']) {
      const response = await client.get(url).loginAs(member).withInertia()
      const keys = keysDeep(response.inertiaProps)
      for (const secret of ['password', 'githubId', 'googleId', 'tokenHash', 'rememberMeToken']) {
        assert.notInclude(keys, secret, `${url} leaks ${secret}`)
      }
      assert.notInclude(JSON.stringify(response.inertiaProps), member.password!)
    }
  })

  test('the header greets the member by first name, in the page language', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ firstName: 'Olena' })
    const html = (await client.get('/').header('host', 'uk.undersign.test').loginAs(member)).text()
    assert.include(html, 'Вітаємо, Olena')
    const guest = (await client.get('/')).text()
    assert.include(guest, 'href="/login"')
  })

  test('the home call to action leads members to create a petition', async ({ client, assert }) => {
    const member = await makeMember()
    const html = (await client.get('/').loginAs(member)).text()
    const cta = html.match(/<a [^>]*data-testid="home-cta"[^>]*>/)?.[0]
    assert.include(cta, 'href="/petition/create"')
  })

  test('the contact form is prefilled for a member', async ({ client, assert }) => {
    const member = await makeMember({ firstName: 'Anna', lastName: 'Schmidt' })
    const html = (await client.get('/contacts').loginAs(member)).text()
    const nameInput = html.match(/<input[^>]*name="name"[^>]*>/)?.[0] ?? ''
    assert.include(nameInput, 'value="Anna Schmidt"')
    assert.include(nameInput, 'readOnly=""')
    assert.include(html, `value="${member.email}"`)
  })

  test("each card carries the petition's count and progress", async ({ client, assert }) => {
    const member = await makeMember()
    const petition = await PetitionFactory.apply('published')
      .merge({ userId: member.id, targetSignatures: 200, title: 'Shade for the playground' })
      .create()
    await insertSignatureRows(petition.id, 13)
    await recountSignatures(petition.id)
    const opposed = await PetitionFactory.apply('published', 'withOpposition')
      .merge({ userId: member.id, targetSignatures: 100 })
      .create()
    await insertSignatureRows(opposed.id, 10, { opposeEvery: 5 })
    await recountSignatures(opposed.id)

    const response = await client.get('/my/petitions').loginAs(member).withInertia()
    const cards = response.inertiaProps.petitions.data
    const card = (guid: string) => cards.find((item: { guid: string }) => item.guid === guid)
    assert.containSubset(card(petition.guid), {
      title: 'Shade for the playground',
      targetSignatures: 200,
      allowOpposite: false,
      totalSignatures: 13,
      percentage: 6.5,
    })
    assert.containSubset(card(opposed.guid), {
      allowOpposite: true,
      totalSignatures: 10,
      percentage: 8,
      positivePercentage: 80,
      negativePercentage: 20,
    })
    // The server-rendered card links to the petition's signatures.
    const html = (await client.get('/my/petitions').loginAs(member)).text()
    assert.include(html, `href="/petition/${petition.guid}/signatures"`)
  })
})
