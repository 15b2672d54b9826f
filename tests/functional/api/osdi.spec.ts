import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'
import { insertSignatureRows } from '#database/seeders/signature_rows'
import { makeMember } from '#tests/helpers/auth'
import { apiTokenOf, expireApiToken, revokeApiToken } from '#tests/helpers/api_tokens'

const API = '/api/osdi/v1'
const SITE = 'http://undersign.test:3334'

function get(client: ApiClient, path: string, token?: string) {
  const request = client.get(path)
  return token ? request.header('authorization', `Bearer ${token}`) : request
}

/** The path and query of a link the API gave, for the test client. */
function pathOf(href: string) {
  const url = new URL(href)
  return `${url.pathname}${url.search}`
}

test.group('OSDI: the entry point, petitions and signatures', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('the entry point links the petitions, with OSDI’s curies, for a token of any ability', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const token = await apiTokenOf(member, ['webhooks:manage'])
    const response = await get(client, API, token)
    response.assertStatus(200)
    assert.match(response.header('content-type')!, /^application\/hal\+json/)
    assert.equal(response.header('cache-control'), 'no-store')
    const body = response.body()
    assert.containsSubset(body, {
      vendor_name: 'Undersign',
      osdi_version: '1.1',
      max_pagesize: 100,
      namespace: 'undersign',
    })
    assert.isString(body.product_name)
    assert.deepEqual(body._links.curies, [
      { name: 'osdi', href: 'https://opensupporter.github.io/osdi-docs/{rel}', templated: true },
    ])
    assert.equal(body._links.self.href, `${SITE}${API}`)
    assert.equal(body._links['osdi:petitions'].href, `${SITE}${API}/petitions`)
    assert.equal(body._links['osdi:petitions'].title, 'Your petitions')

    // OSDI's own header is taken as well, and the titles follow the site's language.
    const inUkrainian = await client
      .get(API)
      .header('host', 'uk.undersign.test')
      .header('osdi-api-token', token)
    inUkrainian.assertStatus(200)
    assert.equal(inUkrainian.body()._links['osdi:petitions'].title, 'Ваші петиції')
    assert.equal(
      inUkrainian.body()._links['osdi:petitions'].href,
      `http://uk.undersign.test:3334${API}/petitions`
    )
  })

  test('attack: no token, a revoked or an expired one gets 401; a token without the ability 403', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const petition = await PetitionFactory.apply('published').merge({ userId: member.id }).create()
    const paths = [API, `${API}/petitions`, `${API}/petitions/${petition.guid}/signatures`]
    for (const path of paths) {
      const anonymous = await get(client, path)
      anonymous.assertStatus(401)
      assert.equal(anonymous.body().errors[0].code, 'unauthorized')
      ;(await get(client, path, 'ust_not-a-token')).assertStatus(401)
    }
    const revoked = await apiTokenOf(member, ['signatures:read'])
    await revokeApiToken(member, revoked)
    const expired = await apiTokenOf(member, ['signatures:read'])
    await expireApiToken(expired)
    for (const token of [revoked, expired]) {
      ;(await get(client, API, token)).assertStatus(401)
      ;(await get(client, `${API}/petitions/${petition.guid}`, token)).assertStatus(401)
    }
    const writeOnly = await apiTokenOf(member, ['signatures:write'])
    const refused = await get(client, `${API}/petitions/${petition.guid}/signatures`, writeOnly)
    refused.assertStatus(403)
    assert.equal(refused.body().errors[0].code, 'forbidden')
    ;(await get(client, `${API}/petitions`, writeOnly)).assertStatus(403)
  })

  test('attack: another member’s petition, or a guid that names none, is not found', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const token = await apiTokenOf(member, ['signatures:read', 'signatures:write'])
    const other = await PetitionFactory.apply('published').with('user').create()
    await SignatureFactory.merge({ petitionId: other.id, email: 'secret@example.org' }).create()
    for (const path of [
      `${API}/petitions/${other.guid}`,
      `${API}/petitions/${other.guid}/signatures`,
      `${API}/petitions/00000000-0000-4000-8000-000000000000`,
    ]) {
      const response = await get(client, path, token)
      response.assertStatus(404)
      assert.deepEqual(response.body(), {
        errors: [{ code: 'not_found', message: 'Not found, or not one of your petitions.' }],
      })
    }
    const post = await client
      .post(`${API}/petitions/${other.guid}/signatures`)
      .header('authorization', `Bearer ${token}`)
      .json({ person: { given_name: 'Mallory' } })
    post.assertStatus(404)
    const listed = await get(client, `${API}/petitions`, token)
    assert.equal(listed.body().total_records, 0)
    assert.notInclude(listed.text(), other.guid)
  })

  test('a petition: its OSDI fields, its counted total and its links', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const petition = await PetitionFactory.apply('published', 'withOpposition')
      .merge({
        userId: member.id,
        lang: 'uk',
        target: 'Riverside City Council',
        description: '<p>Children play <strong>on the road</strong>.</p>',
        supportCount: 12,
        opposeCount: 3,
        paperCount: 2,
      })
      .with('letters', 1, (letter) => letter.merge({ payload: 'Dear council, build the park.' }))
      .create()
    const token = await apiTokenOf(member, ['signatures:read'])
    const response = await get(client, `${API}/petitions/${petition.guid}`, token)
    response.assertStatus(200)
    assert.match(response.header('content-type')!, /^application\/hal\+json/)
    const body = response.body()
    const self = `${SITE}${API}/petitions/${petition.guid}`
    assert.containsSubset(body, {
      identifiers: [`undersign:${petition.guid}`],
      origin_system: 'Undersign',
      title: petition.title,
      description: '<p>Children play <strong>on the road</strong>.</p>',
      petition_text: 'Dear council, build the park.',
      target: [{ name: 'Riverside City Council' }],
      total_signatures: 15,
      browser_url: `http://uk.undersign.test:3334/petition/${petition.slug}`,
      _links: {
        'self': { href: self },
        'osdi:signatures': { href: `${self}/signatures` },
        'osdi:record_signature_helper': { href: `${self}/signatures` },
      },
    })
    assert.equal(body.created_date, petition.createdAt.toUTC().toISO())
    assert.isArray(body._links.curies)

    const listed = await get(client, `${API}/petitions`, token)
    listed.assertStatus(200)
    assert.containsSubset(listed.body(), {
      page: 1,
      per_page: 25,
      total_pages: 1,
      total_records: 1,
      _links: { 'osdi:petitions': [{ href: self }] },
    })
    assert.equal(listed.body()._embedded['osdi:petitions'][0].title, petition.title)
    assert.notProperty(listed.body()._links, 'next')
  })

  test('signatures come a page at a time, in id order, with exact totals and links to the last page', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const petition = await PetitionFactory.apply('published').merge({ userId: member.id }).create()
    await insertSignatureRows(petition.id, 23, { unconfirmedEvery: 5 })
    const token = await apiTokenOf(member, ['signatures:read'])
    const base = `${API}/petitions/${petition.guid}/signatures`

    const seen: number[] = []
    let path: string | null = `${base}?per_page=10`
    const pages = []
    while (path) {
      const response = await get(client, path, token)
      response.assertStatus(200)
      const body = response.body()
      pages.push(body)
      for (const signature of body._embedded['osdi:signatures']) {
        seen.push(Number(signature.identifiers[0].replace('undersign:', '')))
      }
      path = body._links.next ? pathOf(body._links.next.href) : null
    }
    assert.deepEqual(
      pages.map((page) => [page.page, page._embedded['osdi:signatures'].length]),
      [
        [1, 10],
        [2, 10],
        [3, 3],
      ]
    )
    for (const page of pages) {
      assert.equal(page.total_records, 23)
      assert.equal(page.total_pages, 3)
      assert.equal(page.per_page, 10)
    }
    assert.lengthOf(seen, 23)
    assert.deepEqual(
      seen,
      [...seen].sort((a, b) => a - b)
    )
    assert.equal(new Set(seen).size, 23)
    // The last page: no next, a previous; its self link names it.
    const last = pages[2]
    assert.notProperty(last._links, 'next')
    assert.include(last._links.previous.href, 'page=2')
    assert.deepEqual(last._links.prev, last._links.previous)
    assert.notProperty(pages[0]._links, 'previous')

    // A page named by its number alone has the same signatures as the one a link leads to.
    const third = await get(client, `${base}?page=3&per_page=10`, token)
    assert.deepEqual(third.body()._embedded, last._embedded)
    // Beyond the last page: none, and the same totals.
    const beyond = await get(client, `${base}?page=9&per_page=10`, token)
    assert.lengthOf(beyond.body()._embedded['osdi:signatures'], 0)
    assert.equal(beyond.body().total_records, 23)
    // per_page is capped at the entry point's max_pagesize; nonsense takes the defaults.
    const capped = await get(client, `${base}?per_page=5000&page=abc`, token)
    assert.equal(capped.body().per_page, 100)
    assert.equal(capped.body().page, 1)
    assert.lengthOf(capped.body()._embedded['osdi:signatures'], 23)
  })

  test('a signature has the fields of the owner’s CSV export and nothing more', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const petition = await PetitionFactory.apply('published', 'withCustomFields')
      .merge({ userId: member.id, allowComments: true })
      .create()
    const [district] = petition.customFields
    const signedAt = DateTime.fromISO('2026-11-20T08:30:15Z', { zone: 'utc' })
    const signature = await SignatureFactory.apply('anonymous')
      .merge({
        petitionId: petition.id,
        firstName: 'Olena',
        lastName: 'Koval',
        email: 'olena@example.org',
        comment: 'Our children need this park.',
        country: 'UA',
        postalCode: '04070',
        customFieldsData: { [district.id]: 'Podil' },
        source: 'newsletter-12',
        createdAt: signedAt,
        confirmedAt: signedAt.plus({ minutes: 5 }),
        receiptSecret: 'ReceiptSecretNeverOut1',
      })
      .create()
    const token = await apiTokenOf(member, ['signatures:read'])
    const response = await get(client, `${API}/petitions/${petition.guid}/signatures`, token)
    const [item] = response.body()._embedded['osdi:signatures']
    assert.deepEqual(item, {
      'identifiers': [`undersign:${signature.id}`],
      'origin_system': 'Undersign',
      'created_date': '2026-11-20T08:30:15.000Z',
      'modified_date': '2026-11-20T08:35:15.000Z',
      'action_date': '2026-11-20T08:30:15.000Z',
      'comments': 'Our children need this park.',
      'person': {
        given_name: 'Olena',
        family_name: 'Koval',
        email_addresses: [{ address: 'olena@example.org', primary: true }],
        // The petition does not ask for a postal code: none, though the row has one.
        postal_addresses: [{ primary: true, country: 'UA' }],
        custom_fields: { District: 'Podil', Age: '' },
      },
      'referrer_data': { source: 'newsletter-12' },
      'undersign:anonymous': true,
      'undersign:confirmed': true,
      'undersign:confirmed_date': '2026-11-20T08:35:15.000Z',
      'undersign:active': true,
      'undersign:contact_consent': false,
      'undersign:contact_consent_date': null,
      'undersign:identity_verified': false,
      '_links': { 'osdi:petition': { href: `${SITE}${API}/petitions/${petition.guid}` } },
    })
    const text = response.text()
    for (const secret of [
      signature.confirmationToken!,
      signature.networkHash!,
      'ReceiptSecretNeverOut1',
      '04070',
    ]) {
      assert.notInclude(text, secret)
    }

    // Asked for, the postal code comes in the address.
    petition.askPostalCode = true
    await petition.save()
    const asked = await get(client, `${API}/petitions/${petition.guid}/signatures`, token)
    assert.deepEqual(asked.body()._embedded['osdi:signatures'][0].person.postal_addresses, [
      { primary: true, country: 'UA', postal_code: '04070' },
    ])
  })
})
