import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeMember } from '#tests/helpers/auth'
import { recountSignatures } from '#services/signatures/recount'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

test.group('Open data: a petition as JSON', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('gives what the page shows, as data, on the language site it was asked on', async ({
    client,
    assert,
  }) => {
    const owner = await makeMember({ firstName: 'Olena', lastName: 'Koval' })
    const petition = await PetitionFactory.apply('published', 'withOpposition')
      .merge({
        title: 'A park for Oak Hill',
        target: 'Riverside City Council',
        description:
          '<p>Children play <strong>on the road</strong> &amp; the pavement.</p><ul><li>One</li><li>Two</li></ul>',
        targetSignatures: 100,
        userId: owner.id,
      })
      .create()
    await SignatureFactory.merge({ petitionId: petition.id, country: 'AT' }).create()
    await SignatureFactory.merge({ petitionId: petition.id, country: 'AT' }).create()
    // Signed before the form asked for a country.
    await SignatureFactory.apply('opposing')
      .merge({ petitionId: petition.id, country: null })
      .create()
    await recountSignatures(petition.id)

    const response = await client
      .get(`/petition/${petition.slug}.json`)
      .header('host', 'de.undersign.test')
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^application\/json/)
    assert.deepEqual(response.body(), {
      guid: petition.guid,
      slug: petition.slug,
      url: `http://de.undersign.test:3334/petition/${petition.slug}`,
      lang: 'en',
      title: 'A park for Oak Hill',
      target: 'Riverside City Council',
      description: 'Children play on the road & the pavement.\nOne\nTwo',
      state: 'open',
      successful: false,
      supportCount: 2,
      opposeCount: 1,
      paperCount: 0,
      onlineSupportCount: 2,
      totalSignatures: 3,
      // Nobody verified their identity.
      verifiedCount: 0,
      // The recount entered its counts in the log: a leaf for each side.
      logTreeSize: 2,
      targetSignatures: 100,
      // No moderator removed any of its signatures, no rule stopped any, and so on.
      signaturesRemovedByModerators: 0,
      signaturesStoppedByRules: 0,
      signaturesDeactivatedByOwner: 0,
      paperSignaturesRejected: 0,
      owner: 'Olena Koval',
      createdAt: petition.createdAt.toUTC().toISO(),
      closesAt: null,
      closedAt: null,
      succeededAt: null,
      victoryAt: null,
      // The factory's topics; no place given.
      topics: ['environment', 'local-community'],
      country: null,
      region: null,
      // Any signature is taken, from anyone.
      identityRequired: false,
      identityResidence: null,
      // Signed before the form asked for a country: unknown, named in German.
      signaturesByCountry: [
        { code: 'AT', name: 'Österreich', count: 2 },
        { code: 'ZZ', name: 'Unbekannte Region', count: 1 },
      ],
      // Its letters name nobody (see decision_makers/who_has_answered for those that do).
      recipients: [],
      invalidations: [],
      answersRemovedByModerators: 0,
    })
  })

  test('names no signer and no e-mail', async ({ client, assert }) => {
    const owner = await makeMember({ email: 'owner-secret@example.org' })
    const petition = await PetitionFactory.apply('published').merge({ userId: owner.id }).create()
    await SignatureFactory.merge({
      petitionId: petition.id,
      firstName: 'Hidden',
      lastName: 'Signer',
      email: 'signer-secret@example.org',
    }).create()
    await recountSignatures(petition.id)
    const text = (await client.get(`/petition/${petition.slug}.json`)).text()
    for (const secret of ['owner-secret', 'signer-secret', 'Hidden', 'Signer']) {
      assert.notInclude(text, secret)
    }
  })

  test('a finished petition is closed; a draft or an unknown slug is not found', async ({
    client,
    assert,
  }) => {
    const finished = await PetitionFactory.apply('finished').with('user').create()
    const closed = (await client.get(`/petition/${finished.slug}.json`)).body()
    assert.equal(closed.state, 'closed')
    assert.isString(closed.closedAt)

    const draft = await PetitionFactory.with('user').create()
    const forDraft = await client
      .get(`/petition/${draft.slug}.json`)
      .header('accept', 'application/json')
    forDraft.assertStatus(404)
    assert.notInclude(forDraft.text(), draft.title)
    ;(await client.get('/petition/no-such-petition.json')).assertStatus(404)
  })

  test('any site may read it; caches keep it a minute and revalidate it by its ETag', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const first = await client
      .get(`/petition/${petition.slug}.json`)
      .header('origin', 'https://news.example')
    first.assertStatus(200)
    assert.equal(first.header('access-control-allow-origin'), '*')
    assert.isUndefined(first.header('access-control-allow-credentials'))
    assert.equal(
      first.header('cache-control'),
      'public, s-maxage=1, stale-while-revalidate=30, stale-if-error=600, max-age=60'
    )
    const etag = first.header('etag')
    assert.isString(etag)

    const again = await client.get(`/petition/${petition.slug}.json`).header('if-none-match', etag!)
    again.assertStatus(304)
    assert.equal(again.text(), '')

    await SignatureFactory.merge({ petitionId: petition.id }).create()
    await recountSignatures(petition.id)
    const changed = await client
      .get(`/petition/${petition.slug}.json`)
      .header('if-none-match', etag!)
    changed.assertStatus(200)
    assert.equal(changed.body().supportCount, 1)
  })

  test('the site’s own pages allow no other origin', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const page = await client
      .get(`/petition/${petition.slug}`)
      .header('origin', 'https://news.example')
    assert.isUndefined(page.header('access-control-allow-origin'))
  })
})
