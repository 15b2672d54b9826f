import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type Petition from '#models/petition'
import { signatureCounter } from '#runtime/signatures/counter'
import { PetitionFactory } from '#database/factories/petition_factory'
import { bytesOf, readPdf } from '#tests/helpers/pdf'
import { plainSignature, verifiedSignature } from '#tests/helpers/verified_signatures'

async function packageText(client: any, petition: Petition, language: string) {
  const response = await client
    .post(`/petition/${petition.guid}/delivery`)
    .form({ paperSize: 'a4', language, includeList: 'false' })
    .withCsrfToken()
    .loginAs(petition.user)
    .redirects(0)
  response.assertStatus(200)
  return (await readPdf(bytesOf(response))).words
}

test.group('Delivery package: verified signatures', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('its counts say how many signatures carry a verified identity, only when it matters', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await plainSignature(petition)
    await signatureCounter.flush()
    await petition.refresh()
    assert.notInclude(await packageText(client, petition, 'en'), 'verified identity')

    await verifiedSignature(petition)
    await verifiedSignature(petition)
    await signatureCounter.flush()
    await petition.refresh()
    const english = await packageText(client, petition, 'en')
    assert.include(english, 'Supporters in total: 3')
    assert.include(english, 'Of the signatures counted online, with a verified identity: 2')
    assert.include(
      await packageText(client, petition, 'de'),
      'Von den online gezählten Unterschriften mit verifizierter Identität: 2'
    )

    // A petition that takes only verified signatures says so from the first one.
    const required = await PetitionFactory.apply('published')
      .merge({ identityRequired: true })
      .with('user')
      .create()
    assert.include(
      await packageText(client, required, 'en'),
      'Of the signatures counted online, with a verified identity: 0'
    )
  })
})
