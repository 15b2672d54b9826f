import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Petition from '#models/petition'
import { makeMember } from '#tests/helpers/auth'
import { fieldErrors } from '#tests/helpers/validation'
import { newGuid, submitPetition, validPetition } from '#tests/helpers/petitions'
import { inertiaPage } from '#tests/helpers/inertia'
import { REGION_MAX } from '#shared/petitions/topics'

test.group('Petition topics and place', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('no topic, or more than three, is refused with its message under topics', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const guid = newGuid()
    const none = await submitPetition(client, member, guid, { topics: [] })
    none.assertStatus(302)
    assert.deepEqual(fieldErrors(none).topics, ['Choose at least one topic'])

    const missing = await client
      .post(`/petition/${guid}/create`)
      .json({ ...validPetition(), topics: undefined })
      .loginAs(member)
      .withCsrfToken()
      .redirects(0)
    assert.deepEqual(fieldErrors(missing).topics, ['Choose at least one topic'])

    const four = ['environment', 'health', 'education', 'transport']
    const tooMany = await submitPetition(client, member, guid, { topics: four })
    assert.deepEqual(fieldErrors(tooMany).topics, ['Choose at most 3 topics'])

    const twice = await submitPetition(client, member, guid, { topics: ['health', 'health'] })
    assert.deepEqual(fieldErrors(twice).topics, ['Each topic can be chosen only once'])
    assert.lengthOf(await Petition.all(), 0)
  })

  test('the messages are in the language of the site', async ({ client, assert }) => {
    const member = await makeMember()
    const inSpanish = (topics: string[]) =>
      client
        .post(`/petition/${newGuid()}/create`)
        .header('host', 'es.undersign.test')
        .json(validPetition({ topics }))
        .loginAs(member)
        .withCsrfToken()
        .redirects(0)

    assert.deepEqual(fieldErrors(await inSpanish([])).topics, ['Elige al menos un tema'])
    assert.deepEqual(
      fieldErrors(await inSpanish(['environment', 'health', 'education', 'transport'])).topics,
      ['Elige como máximo 3 temas']
    )
  })

  test('an unknown topic or country, or a region too long, is refused without a server error', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const guid = newGuid()
    const topic = await submitPetition(client, member, guid, {
      topics: ['environment', 'astrology'],
    })
    topic.assertStatus(302)
    assert.deepEqual(fieldErrors(topic)['topics.1'], ['Choose topics from the list'])

    for (const country of ['XX', 'Ukraine', 42]) {
      const response = await submitPetition(client, member, guid, { country })
      response.assertStatus(302)
      assert.property(fieldErrors(response), 'country', String(country))
    }

    const region = await submitPetition(client, member, guid, {
      country: 'UA',
      region: 'x'.repeat(REGION_MAX + 1),
    })
    region.assertStatus(302)
    assert.deepEqual(fieldErrors(region).region, [
      `The region or city must not be longer than ${REGION_MAX} characters`,
    ])
    assert.lengthOf(await Petition.all(), 0)
  })

  test('the petition keeps its topics and place, and the edit form gets them back', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const guid = newGuid()
    const saved = await submitPetition(client, member, guid, {
      topics: ['housing', 'health'],
      country: 'UA',
      region: '  Kyiv  ',
    })
    saved.assertStatus(302)
    assert.deepEqual(fieldErrors(saved), {})

    const petition = await Petition.findByOrFail('guid', guid)
    // In the order the owner chose them.
    assert.deepEqual(petition.topics, ['housing', 'health'])
    assert.equal(petition.country, 'UA')
    assert.equal(petition.region, 'Kyiv')

    const edit = inertiaPage(
      await client.get(`/petition/${guid}/edit`).withInertia().loginAs(member)
    )
    assert.deepEqual(edit.props.petition.topics, ['housing', 'health'])
    assert.equal(edit.props.petition.country, 'UA')
    assert.equal(edit.props.petition.region, 'Kyiv')

    // A new petition's form starts with none of them.
    const blank = inertiaPage(await client.get('/petition/create').withInertia().loginAs(member))
    assert.deepEqual(blank.props.petition.topics, [])
    assert.isNull(blank.props.petition.country)
    assert.equal(blank.props.petition.region, '')

    // Anywhere again: the country and its region go.
    await submitPetition(client, member, guid, { topics: ['housing'], country: null, region: '' })
    await petition.refresh()
    assert.deepEqual(petition.topics, ['housing'])
    assert.isNull(petition.country)
    assert.isNull(petition.region)
  })

  test('a region without a country is dropped', async ({ client, assert }) => {
    const member = await makeMember()
    const guid = newGuid()
    ;(await submitPetition(client, member, guid, { region: 'Kyiv' })).assertStatus(302)
    const petition = await Petition.findByOrFail('guid', guid)
    assert.isNull(petition.country)
    assert.isNull(petition.region)
  })

  test('the card on the list and the petition page carry the topics and the place', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const guid = newGuid()
    await submitPetition(client, member, guid, {
      topics: ['transport', 'local-community'],
      country: 'PT',
      region: 'Lisboa',
    })
    const anywhere = newGuid()
    await submitPetition(client, member, anywhere, { title: 'Anywhere at all' })

    const list = await client.get('/petitions').withInertia()
    const cards = list.inertiaProps.petitions.data as Array<Record<string, any>>
    const card = cards.find((entry) => entry.title === 'Save the Shevchenko park')!
    assert.deepEqual(card.topics, ['transport', 'local-community'])
    assert.deepEqual(card.place, { country: 'PT', region: 'Lisboa' })
    const other = cards.find((entry) => entry.title === 'Anywhere at all')!
    assert.deepEqual(other.topics, ['environment'])
    assert.deepEqual(other.place, { country: null, region: null })

    const petition = await Petition.findByOrFail('guid', guid)
    const page = inertiaPage(await client.get(`/petition/${petition.slug}`).withInertia())
    assert.deepEqual(page.props.petition.topics, ['transport', 'local-community'])
    assert.deepEqual(page.props.petition.place, { country: 'PT', region: 'Lisboa' })
  })
})
