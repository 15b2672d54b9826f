import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { PetitionFactory } from '#database/factories/petition_factory'

test.group('Whom a petition addresses', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('its page and its card say whom it addresses, in the page’s language', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({
        title: 'Más árboles en la Alameda',
        target: 'Ayuntamiento de Sevilla',
        lang: 'es',
      })
      .with('user')
      .create()
    const html = async (path: string) =>
      (await client.get(path).header('host', 'es.undersign.test')).text()

    const addressee = 'Petición dirigida a: Ayuntamiento de Sevilla'
    assert.include(await html(`/petition/${petition.slug}`), addressee)
    assert.include(await html('/petitions'), addressee)
    assert.include(
      (await client.get(`/petition/${petition.slug}`).header('host', 'uk.undersign.test')).text(),
      'Адресат петиції: Ayuntamiento de Sevilla'
    )
  })
})
