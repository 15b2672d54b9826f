import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#models/user'
import Petition from '#models/petition'
import { seedDemoData } from '#database/seeders/demo_data'

test.group('Demo data', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an empty database gets members and a dozen petitions in several languages, once', async ({
    assert,
  }) => {
    assert.isTrue(await seedDemoData())
    assert.lengthOf(await User.all(), 4)
    const petitions = await Petition.query().preload('media').preload('letters')
    assert.lengthOf(petitions, 12)
    assert.include(
      petitions.map((petition) => petition.slug),
      'zberezhemo-park-shevchenka'
    )
    assert.isTrue(
      petitions.every((petition) => petition.media.some((media) => media.type === 'banner'))
    )
    assert.isTrue(petitions.some((petition) => petition.letters.length > 0))

    assert.isFalse(await seedDemoData(), 'a database with users is left alone')
    assert.lengthOf(await Petition.all(), 12)
  })
})
