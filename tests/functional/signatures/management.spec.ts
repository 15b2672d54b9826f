import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type Petition from '#models/petition'
import Signature from '#models/signature'
import { ROLE_MODERATOR } from '#models/user'
import { insertSignatureRows } from '#database/seeders/signature_rows'
import { signatureCounter } from '#runtime/signatures/counter'
import { recountSignatures } from '#services/signatures/recount'
import { makeMember, flashed } from '#tests/helpers/auth'
import { inertiaPage, pageObjectIn } from '#tests/helpers/inertia'
import { flushedCountsOf } from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const pageOf = (petition: Petition) => `/petition/${petition.guid}/signatures`

/** The table's column headings as the server rendered them. */
/** The column headings of the signatures' table (the page has other tables above it). */
function headingsIn(html: string) {
  const table = html.slice(html.indexOf('data-testid="signatures-table"'))
  const head = table.match(/<thead>([\s\S]*?)<\/thead>/)?.[1] ?? ''
  return [...head.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((match) =>
    match[1].replace(/<[^>]+>/g, '').trim()
  )
}

test.group('Signatures management: the table', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('comments, custom fields and opposition add their columns', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published', 'withOpposition', 'withCustomFields')
      .merge({ askPostalCode: true })
      .with('user')
      .create()
    const owner = petition.user
    const [district, age] = petition.customFields
    await SignatureFactory.apply('opposing')
      .merge({
        petitionId: petition.id,
        firstName: 'Taras',
        lastName: 'Bondar',
        email: 'taras@example.org',
        comment: 'The park matters to every family here.',
        customFieldsData: { [district.id]: 'Podil', [age.id]: '42' },
        country: 'UA',
        postalCode: '04070',
      })
      .create()

    const response = await client.get(pageOf(petition)).withInertia().loginAs(owner)
    response.assertStatus(200)
    const { component, props } = inertiaPage(response)
    assert.equal(component, 'Petition/Signatures')
    assert.deepEqual(props.customFieldsColumns, {
      [district.id]: 'District',
      [age.id]: 'Age',
    })
    assert.include(props.petition, {
      allowComments: true,
      allowOpposite: true,
      askPostalCode: true,
    })
    const [row] = props.signatures.data
    assert.deepInclude(row, {
      active: true,
      comment: 'The park matters to every family here.',
      score: -1,
      country: 'UA',
      postalCode: '04070',
      customFieldsData: { [district.id]: 'Podil', [age.id]: '42' },
    })
    assert.deepInclude(row.user, { firstName: 'Taras', lastName: 'Bondar' })
    assert.equal(row.user.email, 'taras@example.org')
    assert.isString(row.confirmedAt)

    const html = (await client.get(pageOf(petition)).loginAs(owner)).text()
    assert.deepEqual(headingsIn(html), [
      'ID',
      'User',
      'Country',
      'Postal code',
      'Opinion',
      'District',
      'Age',
      'Support',
      'Verified',
      'Date',
      'Action',
    ])
    assert.include(html, 'taras@example.org')
    assert.include(html, 'Ukraine')
    assert.include(html, '04070')
  })

  test('without comments, opposition or fields those columns are absent', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ allowComments: false })
      .with('user')
      .create()
    const owner = petition.user
    await SignatureFactory.apply('unconfirmed').merge({ petitionId: petition.id }).create()

    const response = await client.get(pageOf(petition)).withInertia().loginAs(owner)
    const { props } = inertiaPage(response)
    assert.deepEqual(props.customFieldsColumns, {})
    assert.include(props.petition, { allowComments: false, allowOpposite: false })
    assert.isNull(props.signatures.data[0].confirmedAt)

    const html = (await client.get(pageOf(petition)).loginAs(owner)).text()
    assert.deepEqual(headingsIn(html), ['ID', 'User', 'Country', 'Verified', 'Date', 'Action'])
  })

  test('50 a page, newest first, inactive and unconfirmed included', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    await insertSignatureRows(petition.id, 118)
    await SignatureFactory.apply('inactive').merge({ petitionId: petition.id }).create()
    await SignatureFactory.apply('unconfirmed').merge({ petitionId: petition.id }).create()
    const ids = (await db.from('signatures').where('petition_id', petition.id).select('id'))
      .map((row) => Number(row.id))
      .sort((a, b) => b - a)

    const first = inertiaPage(await client.get(pageOf(petition)).withInertia().loginAs(owner))
    assert.equal(first.props.signatures.total, 120)
    assert.deepEqual(
      first.props.signatures.data.map((row: { id: number }) => row.id),
      ids.slice(0, 50)
    )
    assert.deepEqual(
      first.props.signatures.data.slice(0, 2).map((row: { active: boolean }) => row.active),
      [true, false]
    )
    const third = inertiaPage(
      await client
        .get(`${pageOf(petition)}?page=3`)
        .withInertia()
        .loginAs(owner)
    )
    assert.deepEqual(
      third.props.signatures.data.map((row: { id: number }) => row.id),
      ids.slice(100)
    )
    const labels = third.props.signatures.links.map((link: { label: string }) => link.label)
    assert.deepEqual(labels, ['&laquo;', '1', '2', '3', '&raquo;'])
    // Beyond the last page: the last page.
    const beyond = inertiaPage(
      await client
        .get(`${pageOf(petition)}?page=99`)
        .withInertia()
        .loginAs(owner)
    )
    assert.deepEqual(beyond.props.signatures.data, third.props.signatures.data)
  })

  test('the page is the same few queries on page 1 and on a deep page', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    await insertSignatureRows(petition.id, 1000, { batchSize: 500 })
    const queriesOf = async (url: string) => {
      const seen: string[] = []
      const listener = (query: { sql: string }) => seen.push(query.sql)
      const knex = db.connection().getWriteClient()
      knex.on('query', listener)
      try {
        const response = await client.get(url).withInertia().loginAs(owner)
        response.assertStatus(200)
        assert.lengthOf(inertiaPage(response).props.signatures.data, 50)
      } finally {
        knex.removeListener('query', listener)
      }
      return seen.filter((sql) => sql.includes('signatures')).length
    }
    assert.equal(await queriesOf(`${pageOf(petition)}?page=19`), await queriesOf(pageOf(petition)))
  })

  test("the table's page of ids is read from the (petition_id, id) index without sorting", async ({
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await insertSignatureRows(petition.id, 200)
    const pageIds = db
      .from('signatures')
      .where('petition_id', petition.id)
      .orderBy('id', 'desc')
      .limit(50)
      .offset(100)
      .select('id')
      .toSQL()
    const dialect = db.connection().dialect.name
    if (dialect === 'postgres') {
      // Tiny test tables favour a sequential or bitmap scan and a sort; forbid
      // both scans to see whether an index gives the rows in order by itself.
      await db.rawQuery('SET LOCAL enable_seqscan = off')
      await db.rawQuery('SET LOCAL enable_bitmapscan = off')
      const plan = await db.rawQuery(`EXPLAIN ${pageIds.sql}`, pageIds.bindings as any[])
      const text = plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n')
      assert.match(text, /Index (Only )?Scan Backward using signatures_petition_id_id_index/)
      assert.notInclude(text, 'Sort')
    } else {
      const plan = await db.rawQuery(`EXPLAIN QUERY PLAN ${pageIds.sql}`, pageIds.bindings as any[])
      const text = plan.map((row: { detail: string }) => row.detail).join('\n')
      assert.include(text, 'signatures_petition_id_id_index')
      assert.notInclude(text, 'TEMP B-TREE')
    }
  })
})

test.group('Signatures management: who may', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('guests are sent to log in from the page, the PATCH and the download', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signature = await SignatureFactory.merge({ petitionId: petition.id }).create()

    const page = await client.get(pageOf(petition)).redirects(0)
    page.assertStatus(302)
    page.assertHeader('location', '/login')
    const patch = await client
      .patch(`${pageOf(petition)}/${signature.id}`)
      .json({ active: false })
      .withCsrfToken()
      .redirects(0)
    patch.assertStatus(302)
    patch.assertHeader('location', '/login')
    const download = await client
      .post(`${pageOf(petition)}/download`)
      .withCsrfToken()
      .redirects(0)
    download.assertStatus(302)
    download.assertHeader('location', '/login')
    assert.notInclude(download.text(), signature.email)
    assert.isTrue((await Signature.findOrFail(signature.id)).active)
  })

  test('another member gets 403, and 404 for a draft', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const draft = await PetitionFactory.with('user').create()
    const signature = await SignatureFactory.merge({ petitionId: petition.id }).create()
    const stranger = await makeMember({ email: 'stranger@example.org' })

    const page = await client.get(pageOf(petition)).loginAs(stranger)
    page.assertStatus(403)
    assert.notInclude(page.text(), signature.email)
    ;(await client.get(pageOf(draft)).loginAs(stranger)).assertStatus(404)
    const patch = await client
      .patch(`${pageOf(petition)}/${signature.id}`)
      .json({ active: false })
      .withCsrfToken()
      .loginAs(stranger)
      .redirects(0)
    patch.assertStatus(403)
    const download = await client
      .post(`${pageOf(petition)}/download`)
      .withCsrfToken()
      .loginAs(stranger)
    download.assertStatus(403)
    assert.notInclude(download.text(), signature.email)
    ;(
      await client
        .post(`${pageOf(draft)}/download`)
        .withCsrfToken()
        .loginAs(stranger)
    ).assertStatus(404)
    assert.isTrue((await Signature.findOrFail(signature.id)).active)
  })

  test('an unknown guid is 404, and so is a signature of another petition', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    const other = await PetitionFactory.apply('published').with('user').create()
    const foreign = await SignatureFactory.merge({ petitionId: other.id }).create()

    ;(await client.get('/petition/not-a-guid/signatures').loginAs(owner)).assertStatus(404)
    ;(
      await client.get('/petition/7d1d3f8e-5c55-4a43-9a5b-52c1f1b3f0aa/signatures').loginAs(owner)
    ).assertStatus(404)
    const patch = await client
      .patch(`${pageOf(petition)}/${foreign.id}`)
      .json({ active: false })
      .withCsrfToken()
      .loginAs(owner)
      .redirects(0)
    patch.assertStatus(404)
    assert.isTrue((await Signature.findOrFail(foreign.id)).active)
  })

  test('a moderator may manage any petition', async ({ client }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const moderator = await makeMember({ email: 'mod@example.org', role: ROLE_MODERATOR })
    ;(await client.get(pageOf(petition)).loginAs(moderator)).assertStatus(200)
  })

  test('the state must be a boolean', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    const signature = await SignatureFactory.merge({ petitionId: petition.id }).create()
    const response = await client
      .patch(`${pageOf(petition)}/${signature.id}`)
      .json({ active: 'maybe' })
      .withCsrfToken()
      .withInertia()
      .loginAs(owner)
      .header('referer', pageOf(petition))
      .redirects(0)
    response.assertStatus(303)
    assert.isTrue((await Signature.findOrFail(signature.id)).active)
  })
})

test.group('Signatures management: remove and restore', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const patch = (client: any, petition: Petition, owner: any, id: number, active: boolean) =>
    client
      .patch(`${pageOf(petition)}/${id}`)
      .json({ active })
      .withCsrfToken()
      .withInertia()
      .loginAs(owner)
      .header('referer', `${pageOf(petition)}?page=2`)
      .redirects(0)

  test('remove and restore move the counters once per real change', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published', 'withOpposition')
      .with('user')
      .create()
    const owner = petition.user
    await insertSignatureRows(petition.id, 10, { opposeEvery: 5 })
    await recountSignatures(petition.id)
    assert.deepEqual(await flushedCountsOf(petition), { support: 8, oppose: 2 })
    const supporter = await Signature.query()
      .where('petition_id', petition.id)
      .where('score', 1)
      .firstOrFail()
    const opponent = await Signature.query()
      .where('petition_id', petition.id)
      .where('score', -1)
      .firstOrFail()

    const removed = await patch(client, petition, owner, supporter.id, false)
    removed.assertStatus(303)
    removed.assertHeader('location', `${pageOf(petition)}?page=2`)
    assert.include(flashed(removed, 'messages', 'success')!, `#${supporter.id}`)
    assert.deepEqual(await flushedCountsOf(petition), { support: 7, oppose: 2 })
    assert.isFalse((await Signature.findOrFail(supporter.id)).active)

    // The same state again changes nothing.
    await patch(client, petition, owner, supporter.id, false)
    assert.deepEqual(await flushedCountsOf(petition), { support: 7, oppose: 2 })

    await patch(client, petition, owner, opponent.id, false)
    assert.deepEqual(await flushedCountsOf(petition), { support: 7, oppose: 1 })

    await patch(client, petition, owner, supporter.id, true)
    await patch(client, petition, owner, supporter.id, true)
    assert.deepEqual(await flushedCountsOf(petition), { support: 8, oppose: 1 })
    assert.isTrue((await Signature.findOrFail(supporter.id)).active)

    // The counters went through the same deltas as confirmations: a recount corrects nothing.
    assert.deepEqual(await recountSignatures(petition.id), { petitions: 1, changed: 0 })
  })

  test('an unconfirmed signature changes state but never the counts', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    const pending = await SignatureFactory.apply('unconfirmed')
      .merge({ petitionId: petition.id })
      .create()
    await patch(client, petition, owner, pending.id, false)
    assert.isFalse((await Signature.findOrFail(pending.id)).active)
    assert.deepEqual(await flushedCountsOf(petition), { support: 0, oppose: 0 })
    await patch(client, petition, owner, pending.id, true)
    assert.deepEqual(await flushedCountsOf(petition), { support: 0, oppose: 0 })
  })

  test('concurrent removals of one signature count once', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    await insertSignatureRows(petition.id, 5)
    await recountSignatures(petition.id)
    const signature = await Signature.query().where('petition_id', petition.id).firstOrFail()
    await Promise.all(
      Array.from({ length: 6 }, () => patch(client, petition, owner, signature.id, false))
    )
    assert.deepEqual(await flushedCountsOf(petition), { support: 4, oppose: 0 })
  })

  test('the petition page follows: last signatures at once, the count with the flush', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ targetSignatures: 100 })
      .with('user')
      .create()
    const owner = petition.user
    const signature = await SignatureFactory.merge({
      petitionId: petition.id,
      firstName: 'Marta',
      confirmedAt: DateTime.utc(),
    }).create()
    await recountSignatures(petition.id)
    const show = async () =>
      inertiaPage(await client.get(`/petition/${petition.slug}`).withInertia()).props

    let props = await show()
    assert.equal(props.petition.totalSignatures, 1)
    assert.deepEqual(
      props.lastSignatures.map((row: { id: number }) => row.id),
      [signature.id]
    )

    await patch(client, petition, owner, signature.id, false)
    props = await show()
    assert.lengthOf(props.lastSignatures, 0)
    await signatureCounter.flush()
    props = await show()
    assert.equal(props.petition.totalSignatures, 0)

    await patch(client, petition, owner, signature.id, true)
    props = await show()
    assert.lengthOf(props.lastSignatures, 1)
    await signatureCounter.flush()
    props = await show()
    assert.equal(props.petition.totalSignatures, 1)
  })

  test('the management page shows the removed row in red, with a Removed badge and Restore', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    const signature = await SignatureFactory.merge({ petitionId: petition.id }).create()
    await patch(client, petition, owner, signature.id, false)
    const html = (await client.get(pageOf(petition)).loginAs(owner)).text()
    const page = pageObjectIn(html)
    assert.isFalse(page.props.signatures.data[0].active)
    assert.match(html, /<tr class="table-danger"[^>]*data-signature-id="\d+"/)
    assert.match(html, /data-testid="signature-removed"[^>]*>Removed</)
    assert.match(html, /data-testid="signature-restore"[^>]*>Restore</)
    assert.notInclude(html, 'data-testid="signature-ok"')
  })

  test('the page the PATCH leads back to already has the new counts, without waiting for the flush', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published', 'withOpposition')
      .with('user')
      .create()
    const owner = petition.user
    await insertSignatureRows(petition.id, 10, { opposeEvery: 5 })
    await recountSignatures(petition.id)
    const [supporter, opponent] = await Promise.all([
      Signature.query().where('petition_id', petition.id).where('score', 1).firstOrFail(),
      Signature.query().where('petition_id', petition.id).where('score', -1).firstOrFail(),
    ])
    const counts = async () => {
      const { petition: shown } = inertiaPage(
        await client.get(pageOf(petition)).loginAs(owner).withInertia()
      ).props
      return { support: shown.supportCount, oppose: shown.opposeCount }
    }

    await patch(client, petition, owner, supporter.id, false)
    assert.deepEqual(await counts(), { support: 7, oppose: 2 })
    await patch(client, petition, owner, opponent.id, false)
    assert.deepEqual(await counts(), { support: 7, oppose: 1 })
    await patch(client, petition, owner, supporter.id, true)
    assert.deepEqual(await counts(), { support: 8, oppose: 1 })
    // Nothing left for the scheduled flush: the counters are exact.
    assert.deepEqual(await recountSignatures(petition.id), { petitions: 1, changed: 0 })
  })
})
