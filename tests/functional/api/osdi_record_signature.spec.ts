import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import type Petition from '#models/petition'
import { PetitionFactory } from '#database/factories/petition_factory'
import env from '#start/env'
import { makeMember } from '#tests/helpers/auth'
import { apiTokenOf } from '#tests/helpers/api_tokens'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { countsOf, flushedCountsOf, pathOf, signatureRows } from '#tests/helpers/signatures'

const API = '/api/osdi/v1'

/** What a CRM sends for one signer, with `person` fields replaced by `overrides`. */
function osdiSigner(overrides: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    person: {
      given_name: 'Olena',
      family_name: 'Koval',
      email_addresses: [{ address: 'olena@example.org', primary: true }],
      postal_addresses: [{ country: 'UA' }],
      ...overrides,
    },
    referrer_data: { source: 'crm-import' },
    ...extra,
  }
}

function record(client: ApiClient, petition: Petition, token: string, body: unknown) {
  return client
    .post(`${API}/petitions/${petition.guid}/signatures`)
    .header('authorization', `Bearer ${token}`)
    .json(body as object)
}

/** A petition of a member's (published unless `states` say otherwise), and a token that records. */
/** A configured provider: a requirement counts only where signers could meet it. */
const IDENTITY_PROVIDER = {
  key: 'eid',
  name: 'Test eID',
  issuer: 'http://127.0.0.1:9/',
  clientId: 'undersign',
  clientSecret: 'a-secret-of-some-length',
  scopes: [],
  claims: {},
}

async function ownPetition(states: Array<'published' | 'finished' | 'hidden'> = ['published']) {
  const member = await makeMember()
  const petition = await PetitionFactory.apply(...states)
    .merge({ userId: member.id, allowComments: false })
    .create()
  const token = await apiTokenOf(member, ['signatures:write'], 'Action Network sync')
  return { member, petition, token }
}

test.group('OSDI: the record signature helper', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('a signature is recorded pending, mailed to its signer, and counted only once the signer confirms', async ({
    client,
    assert,
  }) => {
    const { petition, token } = await ownPetition()
    const response = await record(client, petition, token, osdiSigner())
    response.assertStatus(201)
    assert.match(response.header('content-type')!, /^application\/hal\+json/)
    const [row] = await signatureRows(petition)
    assert.containsSubset(response.body(), {
      'identifiers': [`undersign:${row.id}`],
      'person': {
        given_name: 'Olena',
        family_name: 'Koval',
        email_addresses: [{ address: 'olena@example.org', primary: true }],
        postal_addresses: [{ primary: true, country: 'UA' }],
      },
      'referrer_data': { source: 'crm-import' },
      'undersign:confirmed': false,
      'undersign:confirmed_date': null,
    })
    assert.isNull(row.confirmed_at)
    assert.isNull(row.user_id)
    assert.equal(row.source, 'crm-import')
    // The signer's network is not the tool's server's.
    assert.isNull(row.network_hash)
    assert.deepEqual(await flushedCountsOf(petition), { support: 0, oppose: 0 })

    // Only the signer's mailbox can make it count: the link of this site's own mail, POSTed.
    const [mail] = await outbox.to('olena@example.org')
    assert.include(mail.subject, petition.title)
    const link = pathOf(linkIn(mail.html, '/signature/'))
    assert.include(link, `/signature/${row.id}/confirm`)
    await client.get(link)
    assert.deepEqual(await flushedCountsOf(petition), { support: 0, oppose: 0 })
    await client.post(link).withCsrfToken().redirects(0)
    assert.deepEqual(await flushedCountsOf(petition), { support: 1, oppose: 0 })
  })

  test('the same address sent again leaves one signature; a source that is no source code gives the token’s name', async ({
    client,
    assert,
  }) => {
    const { petition, token } = await ownPetition()
    const first = await record(client, petition, token, osdiSigner())
    first.assertStatus(201)
    const again = await record(
      client,
      petition,
      token,
      osdiSigner(
        {
          given_name: 'Olena Maria',
          email_addresses: [{ address: 'Olena@Example.org' }],
        },
        { referrer_data: { source: 'not a <source> code' } }
      )
    )
    // Waiting still: replaced by the newer signer, as the form replaces it, and mailed again.
    again.assertStatus(201)
    const rows = await signatureRows(petition)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].first_name, 'Olena Maria')
    assert.equal(rows[0].source, 'Action Network sync')
    assert.equal(again.body().identifiers[0], first.body().identifiers[0])

    // Once confirmed, another sign of the address stores nothing and says so with an empty answer.
    const [mail] = await outbox.to('Olena@Example.org')
    await client.post(pathOf(linkIn(mail.html, '/signature/'))).withCsrfToken()
    const third = await record(client, petition, token, osdiSigner())
    third.assertStatus(200)
    assert.deepEqual(third.body(), {})
    assert.lengthOf(await signatureRows(petition), 1)
    assert.deepEqual(await flushedCountsOf(petition), { support: 1, oppose: 0 })
  })

  test('bad input gets OSDI errors naming each property, in the site’s language, and stores nothing', async ({
    client,
    assert,
  }) => {
    const { petition, token } = await ownPetition()
    const response = await record(
      client,
      petition,
      token,
      osdiSigner({
        given_name: 'x'.repeat(101),
        family_name: 'K',
        email_addresses: [],
        postal_addresses: [{ country: 'XX' }],
      })
    )
    response.assertStatus(422)
    const error = response.body()['osdi:error']
    assert.equal(error.request_type, 'atomic')
    assert.equal(error.response_code, 422)
    const [status] = error.resource_status
    assert.equal(status.resource, 'osdi:signature')
    const byProperty = Object.fromEntries(
      status.error_descriptions.map((description: any) => [description.properties[0], description])
    )
    assert.sameMembers(Object.keys(byProperty), [
      'person.given_name',
      'person.family_name',
      'person.email_addresses[0].address',
      'person.postal_addresses[0].country',
    ])
    assert.equal(byProperty['person.given_name'].error_code, 'MAX_LENGTH')
    assert.equal(
      byProperty['person.given_name'].description,
      'The first name field must not be longer than 100 characters'
    )
    assert.equal(byProperty['person.email_addresses[0].address'].error_code, 'REQUIRED')
    assert.lengthOf(await signatureRows(petition), 0)
    assert.lengthOf(await outbox.read(), 0)

    const inGerman = await record(client, petition, token, { person: 'nobody' }).header(
      'host',
      'de.undersign.test'
    )
    inGerman.assertStatus(422)
    const descriptions = inGerman.body()['osdi:error'].resource_status[0].error_descriptions
    const email = descriptions.find(
      (description: any) => description.properties[0] === 'person.email_addresses[0].address'
    )
    assert.notEqual(email.description, byProperty['person.email_addresses[0].address'].description)
    assert.lengthOf(await signatureRows(petition), 0)
  })

  test('the petition’s own questions are answered by title; a required one left out is refused', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const petition = await PetitionFactory.apply('published', 'withCustomFields')
      .merge({ userId: member.id, allowComments: true, askPostalCode: true })
      .create()
    const token = await apiTokenOf(member, ['signatures:write'])
    const refused = await record(client, petition, token, osdiSigner())
    refused.assertStatus(422)
    const properties = refused
      .body()
      ['osdi:error'].resource_status[0].error_descriptions.map((item: any) => item.properties[0])
    assert.sameMembers(properties, ['person.custom_fields["District"]', 'comments'])

    const answered = await record(
      client,
      petition,
      token,
      osdiSigner(
        {
          custom_fields: { District: 'Podil', Age: '42' },
          postal_addresses: [{ country: 'ua', postal_code: '04070' }],
        },
        { comments: 'Our children need this park to play safely.' }
      )
    )
    answered.assertStatus(201)
    assert.containsSubset(answered.body(), {
      comments: 'Our children need this park to play safely.',
      person: {
        postal_addresses: [{ country: 'UA', postal_code: '04070' }],
        custom_fields: { District: 'Podil', Age: '42' },
      },
    })
  })

  test('a closed, hidden or unpublished petition refuses, as its form does', async ({
    client,
    assert,
  }) => {
    const petitions = [
      await ownPetition(['finished']),
      await ownPetition(['hidden']),
      await ownPetition([]),
    ]
    for (const { petition, token } of petitions) {
      const response = await record(client, petition, token, osdiSigner())
      response.assertStatus(409)
      const [description] = response.body()['osdi:error'].resource_status[0].error_descriptions
      assert.equal(description.error_code, 'PETITION_CLOSED')
      assert.lengthOf(await signatureRows(petition), 0)
      assert.deepEqual(await countsOf(petition), { support: 0, oppose: 0 })
    }
    assert.lengthOf(await outbox.read(), 0)
  })

  test('attack: a petition that takes only verified signatures refuses its owner’s tool (409), which cannot check anyone’s identity', async ({
    client,
    assert,
  }) => {
    const { petition, token } = await ownPetition()
    await petition.merge({ identityRequired: true }).save()
    const before = env.get('IDENTITY_PROVIDERS')
    env.set('IDENTITY_PROVIDERS', JSON.stringify([IDENTITY_PROVIDER]))
    try {
      const response = await record(client, petition, token, osdiSigner())
      response.assertStatus(409)
      const [description] = response.body()['osdi:error'].resource_status[0].error_descriptions
      assert.equal(description.error_code, 'IDENTITY_REQUIRED')
      assert.lengthOf(await signatureRows(petition), 0)
    } finally {
      env.set('IDENTITY_PROVIDERS', before ?? '')
    }
    assert.lengthOf(await outbox.read(), 0)
  })

  test('attack: a token that may only read cannot record (403), nor one of another member (404)', async ({
    client,
    assert,
  }) => {
    const { member, petition } = await ownPetition()
    const reader = await apiTokenOf(member, ['signatures:read'])
    const refused = await record(client, petition, reader, osdiSigner())
    refused.assertStatus(403)
    const stranger = await apiTokenOf(await makeMember(), ['signatures:write'])
    ;(await record(client, petition, stranger, osdiSigner())).assertStatus(404)
    assert.lengthOf(await signatureRows(petition), 0)
  })
})
