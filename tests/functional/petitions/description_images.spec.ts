import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import Petition from '#models/petition'
import { makeMember } from '#tests/helpers/auth'
import { fixture, pngWithExif } from '#tests/helpers/images'
import { newGuid, submitPetition, uploadMedia } from '#tests/helpers/petitions'

const GUID = '0f8fad5b-d9cb-469f-a165-70867728950e'
const NAME = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

/** Image sources that point at something else than an uploaded picture of the site. */
const FOREIGN_SOURCES = [
  '/uploads/petitions/../../logout',
  '/uploads/petitions/%2e%2e/%2e%2e/logout',
  '/uploads/petitions/%2E%2E%2F%2E%2E%2Flogout',
  '/uploads/petitions/&#46;&#46;/&#46;&#46;/logout',
  `/uploads/petitions/${GUID}/../../../logout`,
  '/uploads/petitions\\..\\..\\logout',
  `/uploads/petitions/${GUID}\\${NAME}.jpg`,
  `/uploads/petitions/${GUID}/${NAME}.jpg?next=/logout`,
  `/uploads/petitions/${GUID}/${NAME}.jpg#fragment`,
  `https://evil.example/uploads/petitions/${GUID}/${NAME}.jpg`,
  `//evil.example/uploads/petitions/${GUID}/${NAME}.jpg`,
  `/uploads/avatars/1-${NAME}.jpg`,
  '/logout',
]

test.group('Images of a description', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('an image pointing anywhere but an uploaded picture is removed: {$self}')
    .with(FOREIGN_SOURCES)
    .run(async ({ client, assert }, source) => {
      const member = await makeMember()
      const guid = newGuid()
      await submitPetition(client, member, guid, {
        description: `<p>Read this</p><img src="${source}" alt="x">`,
      })
      const saved = (await Petition.findByOrFail('guid', guid)).description
      assert.equal(saved, '<p>Read this</p>')
    })

  test('a picture uploaded from the editor stays in the description', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const guid = newGuid()
    const path = await fixture('editor.png', await pngWithExif(300, 200))
    const media = (await uploadMedia(client, member, guid, 'editor', path)).body()
    assert.match(media.url, /^\/uploads\/petitions\//)

    await submitPetition(client, member, guid, {
      description: `<p>Look</p><img src="${media.url}" alt="The park">`,
    })
    const saved = (await Petition.findByOrFail('guid', guid)).description
    assert.equal(saved, `<p>Look</p><img src="${media.url}" alt="The park" />`)
  })
})
