import { test } from '@japa/runner'
import { queriesDuring } from '#tests/helpers/database'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type Petition from '#models/petition'
import { insertSignatureRows } from '#database/seeders/signature_rows'
import { signatureCounter } from '#runtime/signatures/counter'
import { recountSignatures } from '#services/signatures/recount'
import { makeMember } from '#tests/helpers/auth'
import { pageObjectIn } from '#tests/helpers/inertia'
import { confirmationPath, sign } from '#tests/helpers/signatures'
import { submitPetition } from '#tests/helpers/petitions'
import env from '#start/env'
import { PetitionFactory } from '#database/factories/petition_factory'
import { petitionPages } from '#runtime/caches/process_caches'

/** How many SQL statements the app runs while `action` runs. */
const countQueries = async (action: () => Promise<unknown>) => (await queriesDuring(action)).length

/**
 * The statements of the visit that ran the fewest of three: the process's
 * own timers (a cache poll, a counter flush) may add one to any visit, never
 * take one away.
 */
async function fewestQueries(action: () => Promise<unknown>) {
  let fewest: string[] | null = null
  for (let visit = 0; visit < 3; visit++) {
    const queries = await queriesDuring(action)
    if (!fewest || queries.length < fewest.length) fewest = queries
  }
  return fewest!
}

test.group('Petition page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('shows the petition with every section a visitor reads', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published', 'withEverySection')
      .with('user')
      .with('updates', 1, (update) =>
        update.merge({
          title: 'Council meeting',
          happenedOn: DateTime.fromISO('2026-01-10'),
          description: 'We spoke.',
        })
      )
      .create()
    const owner = petition.user
    const response = await client.get(`/petition/${petition.slug}`).withInertia()
    response.assertInertiaComponent('Petition/Show')
    const props = response.inertiaProps
    assert.containSubset(props.petition, {
      guid: petition.guid,
      slug: petition.slug,
      title: 'Save the Shevchenko park',
      target: 'Kyiv City Council',
      description: '<p>The park is <strong>our</strong> green heart.</p>',
      banner: { url: '/banner-templates/forest.jpg' },
      targetSignatures: 1000,
      totalSignatures: 0,
      allowComments: true,
      user: { firstName: owner.firstName, lastName: owner.lastName },
      letters: [
        {
          payload: 'Dear members of the council,\nplease keep the park.',
          recipients: [{ name: 'Ivan Petrenko', payload: 'Mayor' }],
        },
      ],
      updates: [{ title: 'Council meeting', createdAt: '2026-01-10', description: 'We spoke.' }],
      customFields: [{ type: 'text', title: 'District', required: true }],
    })
    assert.match(props.petition.videos[0].url, /^https:\/\/www\.youtube-nocookie\.com\/embed\//)
    assert.deepEqual(props.lastSignatures, [])
    assert.isTrue(props.canSignPetition)
    assert.isFalse(props.canEditPetition)
    assert.isNull(props.whenISignedThisPetition)
  })

  test('the owner may edit; a draft is theirs only', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    const own = await client.get(`/petition/${petition.slug}`).withInertia().loginAs(owner)
    assert.isTrue(own.inertiaProps.canEditPetition)

    petition.published = false
    await petition.save()
    const ownDraft = await client.get(`/petition/${petition.slug}`).withInertia().loginAs(owner)
    ownDraft.assertStatus(200)
    assert.isFalse(ownDraft.inertiaProps.canSignPetition)
    const stranger = await makeMember()
    ;(await client.get(`/petition/${petition.slug}`).loginAs(stranger)).assertStatus(404)
    ;(await client.get(`/petition/${petition.slug}`)).assertStatus(404)
    ;(await client.get('/petition/no-such-petition')).assertStatus(404)
  })

  test('last signatures: 10 newest confirmed and active, anonymous ones as Anonymous', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await insertSignatureRows(petition.id, 12, { privateEvery: 4, comment: 'Keep the park green!' })
    await insertSignatureRows(petition.id, 3, { from: 100, confirmed: false })
    await db.from('signatures').where('email', 'signer11@example.org').update({ active: false })
    await recountSignatures(petition.id)

    const response = await client.get(`/petition/${petition.slug}`).withInertia()
    const { lastSignatures, petition: shown } = response.inertiaProps
    assert.equal(shown.totalSignatures, 11)
    assert.lengthOf(lastSignatures, 10)
    // Newest first: signer11 is inactive, signer10 is next, signer8 and signer4 are anonymous.
    assert.deepEqual(
      lastSignatures.slice(0, 3).map((signature: any) => signature.user.firstName),
      ['Lucas', 'Marta', 'Anonymous']
    )
    assert.equal(lastSignatures[0].comment, 'Keep the park green!')
    const anonymous = lastSignatures.find(
      (signature: any) => signature.user.firstName === 'Anonymous'
    )
    assert.match(anonymous.user.avatar, /^data:image\/svg\+xml/)
    assert.notInclude(JSON.stringify(lastSignatures), 'Ivanova')
  })

  test('show, list and home never carry a signer’s e-mail', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ targetSignatures: 100 })
      .with('user')
      .create()
    const member = await makeMember({ email: 'member.signer@example.org' })
    await sign(client, petition, {}, member)
    await sign(client, petition, { email: 'guest.signer@example.org' })
    await insertSignatureRows(petition.id, 120)
    await recountSignatures(petition.id)

    for (const url of [`/petition/${petition.slug}`, '/petitions', '/']) {
      const response = await client.get(url).withInertia()
      response.assertStatus(200)
      const props = JSON.stringify(response.inertiaProps)
      for (const email of [
        'member.signer@',
        'guest.signer@',
        'signer1@example.org',
        '@example.org',
      ]) {
        assert.notInclude(props, email, `${url} leaks ${email}`)
      }
    }
    const home = await client.get('/').withInertia()
    assert.lengthOf(home.inertiaProps.successfulPetitions, 1)
  })

  test('meta tags are in the server-rendered HTML of a plain GET', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Clean air for Lviv', target: 'Lviv City Council' })
      .with('user')
      .with('media')
      .create()
    const response = await client
      .get(`/petition/${petition.slug}`)
      .header('host', 'uk.undersign.test')
    response.assertStatus(200)
    const html = response.text()
    assert.include(html, '<title data-inertia="">Clean air for Lviv | Undersign</title>')
    assert.include(html, '<meta name="description" content="Lviv City Council"')
    assert.include(
      html,
      `<link rel="canonical" href="http://uk.undersign.test:3334/petition/${petition.slug}"`
    )
    assert.include(
      html,
      '<meta property="og:image" content="http://uk.undersign.test:3334/banner-templates/forest.jpg"'
    )
    assert.notInclude(html, 'noindex')
    // Server-rendered content, not only an empty mount point.
    assert.include(html, 'Clean air for Lviv</h1>')
    assert.equal(pageObjectIn(html).component, 'Petition/Show')

    petition.private = true
    await petition.save()
    const unlisted = await client.get(`/petition/${petition.slug}`)
    assert.include(unlisted.text(), 'noindex')
  })

  test('the page runs as many queries for 1,000 signatures as for 10', async ({
    client,
    assert,
  }) => {
    const small = await PetitionFactory.apply('published')
      .merge({ title: 'Small petition' })
      .with('user')
      .create()
    const large = await PetitionFactory.apply('published')
      .merge({ title: 'Large petition' })
      .with('user')
      .create()
    await insertSignatureRows(small.id, 10, { comment: 'A comment long enough to be kept.' })
    await insertSignatureRows(large.id, 1000, { from: 1000, comment: 'A comment long enough.' })
    await recountSignatures()
    const member = await makeMember()

    for (const viewer of [null, member]) {
      const visit = (petition: Petition) => {
        const request = client.get(`/petition/${petition.slug}`).withInertia()
        return viewer ? request.loginAs(viewer) : request
      }
      // Warm up caches (compiled views, translations) before counting.
      await visit(small)
      const forSmall = await fewestQueries(() => visit(small))
      const forLarge = await fewestQueries(() => visit(large))
      assert.isAbove(forSmall.length, 0)
      // Which statements differ, when they do: one page's own, or another process's work.
      const onlyIn = (a: string[], b: string[]) => a.filter((sql) => !b.includes(sql))
      assert.equal(
        forLarge.length,
        forSmall.length,
        `${viewer ? 'member' : 'guest'}: only for the small one ${JSON.stringify(onlyIn(forSmall, forLarge))}; only for the large one ${JSON.stringify(onlyIn(forLarge, forSmall))}`
      )
    }
    const page = await client.get(`/petition/${large.slug}`).withInertia()
    assert.equal(page.inertiaProps.petition.totalSignatures, 1000)
    assert.lengthOf(page.inertiaProps.lastSignatures, 10)
  })
})

test.group('Petition page cache', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    petitionPages.clear()
    env.set('PETITION_PAGE_CACHE_MS', 60_000)
    return () => {
      env.set('PETITION_PAGE_CACHE_MS', 0)
      petitionPages.clear()
    }
  })

  test('a second view is served from memory; writes show at once', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    const visit = () => client.get(`/petition/${petition.slug}`).withInertia()
    const first = await countQueries(visit)
    const second = await countQueries(visit)
    assert.isBelow(second, first - 5, 'the petition and its parts are not read again')

    // A confirmation shows in the last signatures, the flushed count too.
    await sign(client, petition, { email: 'olena@example.org' })
    const [row] = await db.from('signatures').where('petition_id', petition.id)
    await client.post(confirmationPath(row)).withCsrfToken()
    const confirmed = await visit()
    assert.lengthOf(confirmed.inertiaProps.lastSignatures, 1)
    await signatureCounter.flush()
    assert.equal((await visit()).inertiaProps.petition.totalSignatures, 1)

    // An edit by its owner, too.
    await submitPetition(client, owner, petition.guid, { title: 'A new title' })
    assert.equal((await visit()).inertiaProps.petition.title, 'A new title')
  })
})
