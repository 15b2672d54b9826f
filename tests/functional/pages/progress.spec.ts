import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { PetitionFactory } from '#database/factories/petition_factory'

test.group('Progress in the page’s language', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('percentages are written as the page’s language writes them, beside a bar too short to hold them', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ targetSignatures: 1000, supportCount: 66 })
      .with('user')
      .create()
    const page = async (host: string) =>
      (await client.get(`/petition/${petition.slug}`).header('host', host)).text()

    const german = await page('de.undersign.test')
    assert.include(german, 'data-testid="progress-label">6,6\u00a0%<')
    assert.include(german, 'aria-label="6,6\u00a0% des Ziels erreicht"')
    assert.include(await page('fr.undersign.test'), 'data-testid="progress-label">6,6\u00a0%<')
    assert.include(await page('undersign.test'), 'data-testid="progress-label">6.6%<')

    const widget = await client
      .get(`/petition/${petition.slug}/embed`)
      .header('host', 'de.undersign.test')
    assert.include(widget.text(), '6,6\u00a0% des Ziels erreicht')
  })
})
