import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Petition from '#models/petition'
import PetitionMedia from '#models/petition_media'
import Letter from '#models/letter'
import LetterRecipient from '#models/letter_recipient'
import PetitionUpdate from '#models/petition_update'
import { makeMember } from '#tests/helpers/auth'
import { fieldErrors } from '#tests/helpers/validation'
import { newGuid, submitPetition, validPetition } from '#tests/helpers/petitions'
import { MAX_LETTERS, MAX_UPDATES, MAX_VIDEOS } from '#shared/petitions/constants'

const videos = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    title: `Video ${index + 1}`,
    url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  }))
const letters = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    payload: `Letter ${index + 1}`,
    recipients: [{ name: `Recipient ${index + 1}`, payload: 'Mayor' }],
  }))
const updates = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    title: `Update ${index + 1}`,
    createdAt: '2024-05-01',
  }))

async function nothingStored(assert: import('@japa/assert').Assert) {
  assert.lengthOf(await Petition.all(), 0)
  assert.lengthOf(await PetitionMedia.all(), 0)
  assert.lengthOf(await Letter.all(), 0)
  assert.lengthOf(await LetterRecipient.all(), 0)
  assert.lengthOf(await PetitionUpdate.all(), 0)
}

test.group('Lists of a petition have a maximum', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('11 videos are refused under "videos" and nothing is stored', async ({ client, assert }) => {
    const member = await makeMember()
    const response = await submitPetition(client, member, newGuid(), {
      videos: videos(MAX_VIDEOS + 1),
    })
    assert.deepEqual(fieldErrors(response), {
      videos: [`A petition can have at most ${MAX_VIDEOS} videos`],
    })
    await nothingStored(assert)
  })

  test('11 letters are refused under "letters" and nothing is stored', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const response = await submitPetition(client, member, newGuid(), {
      letters: letters(MAX_LETTERS + 1),
    })
    assert.deepEqual(fieldErrors(response), {
      letters: [`A petition can have at most ${MAX_LETTERS} letters`],
    })
    await nothingStored(assert)
  })

  test('101 updates are refused under "updates" and nothing is stored', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const response = await submitPetition(client, member, newGuid(), {
      updates: updates(MAX_UPDATES + 1),
    })
    assert.deepEqual(fieldErrors(response), {
      updates: [`A petition can have at most ${MAX_UPDATES} updates`],
    })
    await nothingStored(assert)
  })

  test('one body carrying 25,000 updates gets one error, not one per update', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const response = await submitPetition(client, member, newGuid(), {
      updates: Array.from({ length: 25_000 }, () => ({ title: 'x', createdAt: '2024-05-01' })),
    })
    assert.deepEqual(Object.keys(fieldErrors(response)), ['updates'])
    await nothingStored(assert)
  })

  test('the error comes in the language of the page', async ({ client, assert }) => {
    const member = await makeMember()
    const response = await client
      .post(`/petition/${newGuid()}/create`)
      .header('host', 'de.undersign.test')
      .json(validPetition({ videos: videos(MAX_VIDEOS + 1) }))
      .loginAs(member)
      .withCsrfToken()
      .redirects(0)
    assert.deepEqual(fieldErrors(response).videos, [
      `Eine Petition kann höchstens ${MAX_VIDEOS} Videos haben`,
    ])
  })

  test('the maximum of each list is stored in form order, and saved again in place', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const guid = newGuid()
    const full = {
      videos: videos(MAX_VIDEOS),
      letters: letters(MAX_LETTERS),
      updates: updates(MAX_UPDATES),
    }
    const created = await submitPetition(client, member, guid, full)
    assert.deepEqual(fieldErrors(created), {})
    const petition = await Petition.findByOrFail('guid', guid)
    const storedVideos = await PetitionMedia.query()
      .where('petition_id', petition.id)
      .where('type', 'video')
      .orderBy('position')
    assert.deepEqual(
      storedVideos.map((video) => video.title),
      full.videos.map((video) => video.title)
    )
    const storedLetters = await Letter.query()
      .where('petition_id', petition.id)
      .preload('recipients')
      .orderBy('position')
    assert.deepEqual(
      storedLetters.map((letter) => [letter.payload, letter.recipients[0].name]),
      full.letters.map((letter) => [letter.payload, letter.recipients[0].name])
    )
    const storedUpdates = await PetitionUpdate.query().where('petition_id', petition.id)
    assert.lengthOf(storedUpdates, MAX_UPDATES)
    assert.equal(storedUpdates[0].happenedOn.toISODate(), '2024-05-01')
    assert.isNotNull(storedUpdates[0].createdAt)

    // Saved again: the first letter and video kept (same ids), the others replaced.
    const again = await submitPetition(client, member, guid, {
      videos: [{ id: storedVideos[0].id, ...full.videos[0] }, ...videos(2)],
      letters: [
        { id: storedLetters[0].id, payload: 'First, edited', recipients: [{ name: 'Mayor' }] },
        ...letters(1),
      ],
      updates: updates(3),
    })
    assert.deepEqual(fieldErrors(again), {})
    const lettersNow = await Letter.query()
      .where('petition_id', petition.id)
      .preload('recipients')
      .orderBy('position')
    assert.deepEqual(
      lettersNow.map((letter) => [letter.payload, letter.recipients.map((r) => r.name)]),
      [
        ['First, edited', ['Mayor']],
        ['Letter 1', ['Recipient 1']],
      ]
    )
    assert.equal(lettersNow[0].id, storedLetters[0].id)
    assert.lengthOf(await LetterRecipient.all(), 2)
    const videosNow = await PetitionMedia.query()
      .where('petition_id', petition.id)
      .where('type', 'video')
      .orderBy('position')
    assert.lengthOf(videosNow, 3)
    assert.equal(videosNow[0].id, storedVideos[0].id)
    assert.lengthOf(await PetitionUpdate.query().where('petition_id', petition.id), 3)
  })
})
