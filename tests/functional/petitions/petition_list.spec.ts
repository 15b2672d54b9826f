import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Petition from '#models/petition'
import { makeMember } from '#tests/helpers/auth'
import { newGuid, submitPetition } from '#tests/helpers/petitions'

async function createPetitions(
  client: any,
  count: number,
  overrides: Record<string, unknown> = {}
) {
  const member = await makeMember()
  for (let index = 0; index < count; index++) {
    await submitPetition(client, member, newGuid(), {
      title: `Petition number ${index + 1}`,
      ...overrides,
    })
  }
  return member
}

test.group('Public petitions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the list shows published, listed petitions, newest first, 10 a page', async ({
    client,
    assert,
  }) => {
    await createPetitions(client, 12)
    await createPetitions(client, 1, { title: 'Unlisted one', private: true })
    const draftGuid = newGuid()
    const owner = await makeMember()
    await submitPetition(client, owner, draftGuid, { title: 'Draft one' })
    await submitPetition(client, owner, draftGuid, { title: 'Draft one', published: false })

    const first = await client.get('/petitions').withInertia()
    first.assertInertiaComponent('Petition/List')
    const { petitions } = first.inertiaProps
    assert.equal(petitions.total, 12)
    assert.lengthOf(petitions.data, 10)
    assert.equal(petitions.data[0].title, 'Petition number 12')
    const titles = petitions.data.map((petition: { title: string }) => petition.title)
    assert.notInclude(titles, 'Unlisted one')
    assert.notInclude(titles, 'Draft one')
    const next = petitions.links.find((link: { label: string }) => link.label === '2')
    assert.equal(next.url, '/petitions?page=2')

    const second = await client.get('/petitions?page=2').withInertia()
    assert.lengthOf(second.inertiaProps.petitions.data, 2)
  })

  test('cards carry counts and percentages, never an e-mail', async ({ client, assert }) => {
    await createPetitions(client, 1, { allowOpposite: true, targetSignatures: 100 })
    await Petition.query().update({ support_count: 30, oppose_count: 10 })
    const response = await client.get('/petitions').withInertia()
    const [card] = response.inertiaProps.petitions.data
    assert.containSubset(card, {
      totalSignatures: 40,
      percentage: 30,
      positivePercentage: 75,
      negativePercentage: 25,
      allowOpposite: true,
      targetSignatures: 100,
    })
    assert.notInclude(JSON.stringify(response.inertiaProps.petitions), '@')
  })

  test('an empty list says so', async ({ client, assert }) => {
    const html = (await client.get('/petitions').header('host', 'de.undersign.test')).text()
    assert.include(html, 'Keine öffentliche Petition gefunden.')
  })

  test('home shows up to 6 successful petitions, and only those', async ({ client, assert }) => {
    await createPetitions(client, 8, { targetSignatures: 100 })
    const petitions = await Petition.query().orderBy('id')
    for (const [index, petition] of petitions.entries()) {
      petition.supportCount = index < 7 ? 100 + index : 99
      await petition.save()
    }
    const response = await client.get('/').withInertia()
    const { successfulPetitions } = response.inertiaProps
    assert.lengthOf(successfulPetitions, 6)
    assert.isTrue(
      successfulPetitions.every((card: { percentage: number }) => card.percentage >= 100)
    )

    const html = (await client.get('/')).text()
    assert.include(html, 'data-testid="successful-petitions"')
  })

  test('home without successful petitions has no such block', async ({ client, assert }) => {
    await createPetitions(client, 2)
    const html = (await client.get('/')).text()
    assert.notInclude(html, 'data-testid="successful-petitions"')
  })
})
