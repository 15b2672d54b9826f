import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Petition from '#models/petition'
import { makeMember } from '#tests/helpers/auth'
import { newGuid, submitPetition } from '#tests/helpers/petitions'

test.group('Petition create and edit pages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('guests who open /petition/create go to sign up (not a "welcome back"), then come back', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/petition/create').redirects(0)
    assert.equal(response.header('location'), '/signup')
    assert.equal(response.session().intended_url, '/petition/create')
  })

  test('a member gets an empty form with a fresh guid, templates and the starting entries', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const first = await client.get('/petition/create').loginAs(member).withInertia()
    first.assertInertiaComponent('Petition/Create')
    const { petition, petitionCreated, bannerTemplates } = first.inertiaProps
    assert.match(petition.guid, /^[0-9a-f-]{36}$/)
    assert.isNull(petitionCreated)
    assert.lengthOf(petition.photos, 4)
    assert.lengthOf(petition.videos, 1)
    assert.lengthOf(petition.letters, 1)
    assert.lengthOf(petition.letters[0].recipients, 1)
    assert.lengthOf(petition.updates, 1)
    assert.isAbove(Object.keys(bannerTemplates).length, 1)
    const second = await client.get('/petition/create').loginAs(member).withInertia()
    assert.notEqual(second.inertiaProps.petition.guid, petition.guid)
  })

  test('the owner edits the saved petition in the same form', async ({ client, assert }) => {
    const owner = await makeMember()
    const guid = newGuid()
    await submitPetition(client, owner, guid)
    const response = await client.get(`/petition/${guid}/edit`).loginAs(owner).withInertia()
    response.assertInertiaComponent('Petition/Create')
    const { petition, petitionCreated } = response.inertiaProps
    assert.isString(petitionCreated)
    assert.equal(petition.title, 'Save the Shevchenko park')
    assert.equal(petition.videos[0].url, 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
    assert.equal(petition.letters[0].recipients[0].payload, 'Mayor')
    assert.equal(petition.banner.url, '/banner-templates/forest.jpg')
  })

  test("someone else's petition answers 403 to its edit page; their draft 404", async ({
    client,
  }) => {
    const owner = await makeMember()
    const other = await makeMember()
    const guid = newGuid()
    await submitPetition(client, owner, guid)
    const refused = await client.get(`/petition/${guid}/edit`).loginAs(other)
    refused.assertStatus(403)
    await submitPetition(client, owner, guid, { published: false })
    const hidden = await client.get(`/petition/${guid}/edit`).loginAs(other)
    hidden.assertStatus(404)
  })

  test("My petitions lists the member's own petitions, newest first, paginated", async ({
    client,
    assert,
  }) => {
    const owner = await makeMember()
    const other = await makeMember()
    for (const title of ['First petition', 'Second petition']) {
      await submitPetition(client, owner, newGuid(), { title })
    }
    await submitPetition(client, other, newGuid(), { title: 'Not mine' })
    const response = await client.get('/my/petitions').loginAs(owner).withInertia()
    const { petitions } = response.inertiaProps
    assert.equal(petitions.total, 2)
    assert.sameMembers(
      petitions.data.map((item: { title: string }) => item.title),
      ['First petition', 'Second petition']
    )
    assert.containSubset(petitions.data[0], {
      bannerUrl: '/banner-templates/forest.jpg',
      target: 'Kyiv City Council',
    })
    assert.equal(petitions.data[0].user.firstName, owner.firstName)
    assert.notProperty(petitions.data[0].user, 'email')
    assert.lengthOf(await Petition.all(), 3)
  })
})
