import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { makeMember } from '#tests/helpers/auth'
import { parseCsv } from '#tests/helpers/signatures'
import { recountSignatures } from '#services/signatures/recount'
import { allowedRequests } from '#config/rate_limits'
import type User from '#models/user'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const SITE = 'http://undersign.test:3334'

/** `count` listed petitions in English, oldest first, a minute apart. */
async function bulkPetitions(owner: User, count: number) {
  const start = DateTime.utc().minus({ days: 1 })
  await PetitionFactory.apply('published')
    .merge(
      Array.from({ length: count }, (_, index) => ({
        slug: `bulk-petition-${index}`,
        userId: owner.id,
        title: `Bulk petition ${index}`,
        target: 'The council',
        description: '<p>Text</p>',
        allowComments: false,
        createdAt: start.plus({ minutes: index }),
        updatedAt: start.plus({ minutes: index }),
      }))
    )
    .createMany(count)
}

test.group('Open data: lists of petitions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('50 listed petitions a page, newest first, with links to the other pages', async ({
    client,
    assert,
  }) => {
    const owner = await makeMember()
    await bulkPetitions(owner, 120)
    const draft = await PetitionFactory.with('user').create()
    const unlisted = await PetitionFactory.apply('published')
      .merge({ private: true })
      .with('user')
      .create()

    const first = await client.get('/petitions.json')
    first.assertStatus(200)
    const body = first.body()
    assert.lengthOf(body.data, 50)
    assert.equal(body.data[0].title, 'Bulk petition 119')
    assert.deepEqual(body.meta, { total: 120, perPage: 50, currentPage: 1, lastPage: 3 })
    assert.deepEqual(body.links, {
      self: `${SITE}/petitions.json`,
      first: `${SITE}/petitions.json`,
      prev: null,
      next: `${SITE}/petitions.json?page=2`,
      last: `${SITE}/petitions.json?page=3`,
    })
    const last = (await client.get('/petitions.json?page=3')).body()
    assert.lengthOf(last.data, 20)
    assert.equal(last.data[19].title, 'Bulk petition 0')
    assert.equal(last.links.prev, `${SITE}/petitions.json?page=2`)
    assert.isNull(last.links.next)

    const everything = JSON.stringify([body, last])
    assert.notInclude(everything, draft.slug)
    assert.notInclude(everything, unlisted.slug)
  })

  test('the list’s filters and orders apply, and the links keep them', async ({
    client,
    assert,
  }) => {
    const owner = await makeMember()
    const park = await PetitionFactory.apply('published')
      .merge({ title: 'A park for Oak Hill', targetSignatures: 100, userId: owner.id })
      .create()
    await PetitionFactory.apply('published')
      .merge({ title: 'Street lights on Elm Street', userId: owner.id })
      .create()
    const finished = await PetitionFactory.apply('finished')
      .merge({ title: 'A finished petition for Oak Hill', userId: owner.id })
      .create()
    // Its target reached: the counter column is what the list reads.
    await db.from('petitions').where('id', park.id).update({ support_count: 100 })
    await PetitionFactory.apply('published')
      .merge({ title: 'Ein Park für Eichberg', lang: 'de', userId: owner.id })
      .create()

    const titles = async (query: string, host = 'undersign.test') =>
      (await client.get(`/petitions.json${query}`).header('host', host))
        .body()
        .data.map((petition: { title: string }) => petition.title)

    assert.sameMembers(await titles('?q=oak'), ['A park for Oak Hill', finished.title])
    assert.deepEqual(await titles('?status=successful'), ['A park for Oak Hill'])
    assert.deepEqual(await titles('?status=closed'), [finished.title])
    // Every language by default, the site's first.
    assert.equal((await titles('', 'de.undersign.test'))[0], 'Ein Park für Eichberg')
    assert.lengthOf(await titles('', 'de.undersign.test'), 4)
    assert.deepEqual(await titles('?lang=de', 'de.undersign.test'), ['Ein Park für Eichberg'])
    assert.include(await titles('?lang=all', 'de.undersign.test'), 'A park for Oak Hill')
    assert.equal((await titles('?sort=signatures'))[0], 'A park for Oak Hill')

    const filtered = (
      await client.get('/petitions.json?q=oak&status=open&lang=all&sort=signatures&junk=1')
    ).body()
    // `lang=all` is the default: links leave it out.
    assert.equal(filtered.links.self, `${SITE}/petitions.json?q=oak&status=open&sort=signatures`)
    assert.equal(filtered.data[0].state, 'open')
    assert.isTrue(filtered.data[0].successful)
  })

  test('the CSV holds the same page, with its other pages in the Link header', async ({
    client,
    assert,
  }) => {
    const owner = await makeMember({ firstName: 'Olena', lastName: 'Koval' })
    await bulkPetitions(owner, 60)
    await PetitionFactory.apply('published')
      .merge({
        title: '=HYPERLINK("http://evil.example")',
        targetSignatures: 100,
        userId: owner.id,
      })
      .create()

    const response = await client.get('/petitions.csv?page=1')
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/csv/)
    assert.equal(
      response.header('link'),
      `<${SITE}/petitions.csv>; rel="first", <${SITE}/petitions.csv?page=2>; rel="next", <${SITE}/petitions.csv?page=2>; rel="last"`
    )
    const [header, ...rows] = parseCsv(response.text())
    assert.deepEqual(header.slice(0, 4), ['slug', 'url', 'lang', 'title'])
    assert.lengthOf(rows, 50)
    const title = rows[0][header.indexOf('title')]
    // A spreadsheet shows the title as text, never runs it.
    assert.equal(title, `'=HYPERLINK("http://evil.example")`)
    assert.equal(rows[0][header.indexOf('owner')], 'Olena Koval')
    assert.equal(rows[0][header.indexOf('targetSignatures')], '100')
    assert.equal(rows[0][header.indexOf('state')], 'open')
  })

  test('no answer names a signer or carries an e-mail', async ({ client, assert }) => {
    const owner = await makeMember({ email: 'owner-private@example.org', nickName: 'owner-nick' })
    const petition = await PetitionFactory.apply('published')
      .merge({ allowComments: true, userId: owner.id })
      .create()
    const signers = [
      { firstName: 'Zofia', lastName: 'Wiśniewska', email: 'zofia.private@example.org' },
      { firstName: 'Matteo', lastName: 'Bianchi', email: 'matteo.private@example.org' },
    ]
    for (const signer of signers)
      await SignatureFactory.merge({ petitionId: petition.id, ...signer, comment: 'Yes!' }).create()
    await recountSignatures(petition.id)

    const answers = await Promise.all(
      [
        '/petitions.json',
        '/petitions.json?lang=all&sort=trending',
        '/petitions.csv',
        `/petition/${petition.slug}.json`,
      ].map(async (path) => (await client.get(path)).text())
    )
    assert.include(answers.join(), petition.slug)
    for (const text of answers) {
      assert.notMatch(text, /@/)
      for (const signer of signers) {
        assert.notInclude(text, signer.firstName)
        assert.notInclude(text, signer.lastName)
      }
      assert.notInclude(text, 'owner-nick')
    }
  })

  test('any site may read them, caches revalidate them, and each address is limited', async ({
    client,
    assert,
  }) => {
    await PetitionFactory.apply('published').with('user').create()
    const first = await client.get('/petitions.json').header('origin', 'https://news.example')
    assert.equal(first.header('access-control-allow-origin'), '*')
    assert.equal(
      first.header('cache-control'),
      'public, s-maxage=1, stale-while-revalidate=30, stale-if-error=600, max-age=60'
    )
    const unchanged = await client
      .get('/petitions.json')
      .header('if-none-match', first.header('etag')!)
    unchanged.assertStatus(304)

    // Two sent so far; the allowance of the minute is spent on the CSV.
    const allowed = allowedRequests('openData')
    for (let sent = 3; sent <= allowed; sent++) {
      assert.equal((await client.get('/petitions.csv')).status(), 200, `request ${sent}`)
    }
    const refused = await client.get('/petitions.csv').header('accept', 'application/json')
    refused.assertStatus(429)
  })
})
