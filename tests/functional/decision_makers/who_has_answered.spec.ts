import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import type Petition from '#models/petition'
import Letter from '#models/letter'
import LetterRecipient from '#models/letter_recipient'
import RecipientDelivery from '#models/recipient_delivery'
import PetitionResponse from '#models/petition_response'
import { pageObjectIn } from '#tests/helpers/inertia'
import { restoreClock, setClock } from '#tests/helpers/clock'
import { PetitionFactory } from '#database/factories/petition_factory'

const NOW = DateTime.fromISO('2026-11-20T12:00:00Z', { zone: 'utc' })

/** A published, listed petition. */
function petition(title: string, columns: Record<string, unknown> = {}) {
  return PetitionFactory.apply('published')
    .merge({ title, description: `<p>${title}.</p>`, ...columns })
    .with('user')
    .create()
}

/** A letter of the petition with its recipients, each with a private address. */
async function letterTo(
  target: Petition,
  position: number,
  recipients: Array<{ name: string; payload: string | null }>
) {
  const letter = await Letter.create({ petitionId: target.id, payload: 'Dear all', position })
  const created: LetterRecipient[] = []
  for (const [index, recipient] of recipients.entries()) {
    created.push(
      await LetterRecipient.create({
        letterId: letter.id,
        ...recipient,
        email: `${recipient.name.toLowerCase().replaceAll(/\W+/g, '.')}@private.example`,
        position: index,
      })
    )
  }
  return created
}

function deliver(
  target: Petition,
  recipient: LetterRecipient,
  milestone: number,
  deliveredAt: DateTime,
  answeredAt: DateTime | null = null
) {
  return RecipientDelivery.create({
    petitionId: target.id,
    letterRecipientId: recipient.id,
    milestone,
    deliveredAt,
    // Its mail left at once.
    sentAt: deliveredAt,
    answeredAt,
  })
}

/**
 * A petition whose first letter goes to a council (answered through its
 * 1,000 mail, then mailed again at 5,000) and a mayor (awaiting since the
 * 1,000 mail, 12 days ago), and whose second letter goes to a minister
 * never mailed.
 */
async function petitionWithRecipients() {
  const target = await petition('Keep the park', {
    awaitingAnswerSince: NOW.minus({ days: 12 }),
  })
  const [council, mayor] = await letterTo(target, 0, [
    { name: 'Riverside City Council', payload: 'Parks committee' },
    { name: 'Anna Berg', payload: 'Mayor' },
  ])
  const [minister] = await letterTo(target, 1, [{ name: 'Minister of Parks', payload: null }])
  await deliver(target, council, 1000, NOW.minus({ days: 20 }), NOW.minus({ days: 15 }))
  await deliver(target, council, 5000, NOW.minus({ days: 2 }))
  await deliver(target, mayor, 5000, NOW.minus({ days: 2 }))
  await deliver(target, mayor, 1000, NOW.minus({ days: 12, hours: 3 }))
  const response = await PetitionResponse.create({
    petitionId: target.id,
    responder: 'Riverside City Council',
    responderRole: 'Parks committee',
    letterRecipientId: council.id,
    fromRecipient: true,
    viaDomain: 'riverside.example',
    respondedOn: NOW.minus({ days: 15 }),
    body: '<p>We keep the park.</p>',
    addedByUserId: null,
  })
  return { target, council, mayor, minister, response }
}

function showPage(client: ApiClient, target: Petition, host = 'undersign.test') {
  return client.get(`/petition/${target.slug}`).header('host', host)
}

type ListProps = { petitions: { data: Array<{ title: string }>; total: number } }

async function listTitles(client: ApiClient, query: string) {
  const response = await client.get(`/petitions${query}`).withInertia()
  response.assertStatus(200)
  const props = response.inertiaProps as ListProps
  return props.petitions.data.map((card) => card.title).sort()
}

test.group('Decision makers: who has answered', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    setClock(NOW)
    return () => restoreClock()
  })

  test('the page lists each recipient in letter order as answered, awaiting or not told', async ({
    client,
    assert,
  }) => {
    const { target, council, mayor, minister, response } = await petitionWithRecipients()

    const page = await showPage(client, target).withInertia()
    page.assertInertiaComponent('Petition/Show')
    assert.deepEqual(page.inertiaProps.decisionMakers, [
      {
        id: council.id,
        name: 'Riverside City Council',
        role: 'Parks committee',
        status: 'answered',
        // The day its link recorded the answer; its response is on the page.
        answeredOn: NOW.minus({ days: 15 }).toISODate(),
        responseId: response.id,
        toldBy: null,
        milestone: null,
        handedOverOn: null,
        daysWaiting: null,
      },
      {
        id: mayor.id,
        name: 'Anna Berg',
        role: 'Mayor',
        status: 'awaiting',
        answeredOn: null,
        responseId: null,
        // Since the first mail, for its milestone; whole days.
        toldBy: 'mail',
        milestone: 1000,
        handedOverOn: null,
        daysWaiting: 12,
      },
      {
        id: minister.id,
        name: 'Minister of Parks',
        role: '',
        status: 'not_told',
        answeredOn: null,
        responseId: null,
        toldBy: null,
        milestone: null,
        handedOverOn: null,
        daysWaiting: null,
      },
    ])
  })

  test('an answer published as the recipient’s without a delivery’s record counts from its day', async ({
    client,
    assert,
  }) => {
    const target = await petition('Fix the bridge')
    const [engineer] = await letterTo(target, 0, [{ name: 'City Engineer', payload: 'Roads' }])
    const response = await PetitionResponse.create({
      petitionId: target.id,
      responder: 'City Engineer',
      letterRecipientId: engineer.id,
      fromRecipient: true,
      respondedOn: DateTime.fromISO('2026-11-03', { zone: 'utc' }),
      body: '<p>Next month.</p>',
      addedByUserId: null,
    })

    const page = await showPage(client, target).withInertia()
    assert.containSubset(page.inertiaProps.decisionMakers, [
      { status: 'answered', answeredOn: '2026-11-03', responseId: response.id },
    ])
    const json = await client.get(`/petition/${target.slug}.json`)
    assert.deepEqual(json.body().recipients, [
      {
        name: 'City Engineer',
        role: 'Roads',
        deliveredAt: null,
        handedOverOn: null,
        answeredAt: '2026-11-03T00:00:00.000Z',
      },
    ])
  })

  test('a petition whose letters name nobody has no decision makers', async ({
    client,
    assert,
  }) => {
    const target = await petition('No letters')
    await Letter.create({ petitionId: target.id, payload: 'To whom it may concern', position: 0 })
    const page = await showPage(client, target).withInertia()
    assert.deepEqual(page.inertiaProps.decisionMakers, [])
    const json = await client.get(`/petition/${target.slug}.json`)
    assert.deepEqual(json.body().recipients, [])
  })

  test('no recipient address reaches the page’s props, its HTML or open data', async ({
    client,
    assert,
  }) => {
    const { target } = await petitionWithRecipients()
    const addresses = (await LetterRecipient.query().whereNotNull('email')).map(
      (recipient) => recipient.email!
    )
    assert.lengthOf(addresses, 3)

    const inertia = await showPage(client, target).withInertia()
    const html = await showPage(client, target, 'de.undersign.test')
    html.assertStatus(200)
    // The server-rendered section itself is in the HTML, in German.
    assert.include(html.text(), 'Wer hat geantwortet')
    assert.include(html.text(), 'Seit 12 Tagen keine Antwort (zugestellt bei 1.000 Unterschriften)')
    assert.lengthOf(pageObjectIn(html.text()).props.decisionMakers, 3)
    const single = await client.get(`/petition/${target.slug}.json`)
    const list = await client.get('/petitions.json')
    const csv = await client.get('/petitions.csv')
    for (const [what, body] of [
      ['Inertia props', JSON.stringify(inertia.inertiaProps)],
      ['HTML', html.text()],
      ['petition JSON', single.text()],
      ['list JSON', list.text()],
      ['list CSV', csv.text()],
    ]) {
      for (const address of addresses) assert.notInclude(body, address, what)
      assert.notInclude(body, '@private.example', what)
    }
  })

  test('open data carries each recipient’s name, role, delivery and answer dates', async ({
    client,
    assert,
  }) => {
    const { target } = await petitionWithRecipients()
    const other = await petition('Light the square')
    await letterTo(other, 0, [{ name: 'Lighting board', payload: 'Works' }])

    const expected = [
      {
        name: 'Riverside City Council',
        role: 'Parks committee',
        deliveredAt: NOW.minus({ days: 20 }).toISO(),
        handedOverOn: null,
        answeredAt: NOW.minus({ days: 15 }).toISO(),
      },
      {
        name: 'Anna Berg',
        role: 'Mayor',
        deliveredAt: NOW.minus({ days: 12, hours: 3 }).toISO(),
        handedOverOn: null,
        answeredAt: null,
      },
      {
        name: 'Minister of Parks',
        role: '',
        deliveredAt: null,
        handedOverOn: null,
        answeredAt: null,
      },
    ]
    const single = await client.get(`/petition/${target.slug}.json`)
    single.assertStatus(200)
    assert.deepEqual(single.body().recipients, expected)

    // The list's page reads every petition's recipients at once.
    const list = await client.get('/petitions.json')
    const bySlug = new Map(
      list
        .body()
        .data.map((item: { slug: string; recipients: unknown }) => [item.slug, item.recipients])
    )
    assert.deepEqual(bySlug.get(target.slug), expected)
    assert.deepEqual(bySlug.get(other.slug), [
      {
        name: 'Lighting board',
        role: 'Works',
        deliveredAt: null,
        handedOverOn: null,
        answeredAt: null,
      },
    ])
  })

  test('a recipient’s own response carries its badge and role; one typed in by the owner none', async ({
    client,
    assert,
  }) => {
    const { target, response } = await petitionWithRecipients()
    const typed = await PetitionResponse.create({
      petitionId: target.id,
      responder: 'Regional office',
      respondedOn: NOW.minus({ days: 1 }),
      body: '<p>Noted.</p>',
      addedByUserId: target.userId,
    })

    const page = await showPage(client, target).withInertia()
    const responses = page.inertiaProps.petition.responses
    assert.containSubset(responses, [
      {
        id: response.id,
        responder: 'Riverside City Council',
        responderRole: 'Parks committee',
        fromRecipient: true,
        viaDomain: 'riverside.example',
      },
      { id: typed.id, responder: 'Regional office', responderRole: null, fromRecipient: false },
    ])
    for (const item of responses) assert.notProperty(item, 'letterRecipientId')

    const html = await showPage(client, target, 'de.undersign.test')
    // What is true: a link mailed to an approved address of that domain, never "their own address".
    assert.include(html.text(), 'Antwort über einen Link, der an …@riverside.example ging')
    assert.include(html.text(), `id="response-${response.id}"`)
    assert.include(html.text(), `href="#response-${response.id}"`)
  })

  test('status=awaiting lists exactly the petitions awaiting an answer, with search and language', async ({
    client,
    assert,
  }) => {
    const since = NOW.minus({ days: 3 })
    await petition('Keep the park open', { awaitingAnswerSince: since })
    await petition('Keep the library open', { awaitingAnswerSince: since })
    await petition('Keep the pool open')
    await petition('Parque abierto', { awaitingAnswerSince: since, lang: 'es' })
    await petition('Answered park', { awaitingAnswerSince: null })
    await petition('Unlisted park', { awaitingAnswerSince: since, private: true })

    // Every language, the visitor's (English) first; or one language.
    assert.deepEqual(await listTitles(client, '?status=awaiting'), [
      'Keep the library open',
      'Keep the park open',
      'Parque abierto',
    ])
    assert.deepEqual(await listTitles(client, '?status=awaiting&lang=en'), [
      'Keep the library open',
      'Keep the park open',
    ])
    assert.deepEqual(await listTitles(client, '?status=awaiting&q=park'), ['Keep the park open'])
    assert.deepEqual(await listTitles(client, '?status=awaiting&q=park&sort=signatures'), [
      'Keep the park open',
    ])
    assert.deepEqual(await listTitles(client, '?status=awaiting&lang=es'), ['Parque abierto'])
    assert.deepEqual(await listTitles(client, '?status=awaiting&lang=all'), [
      'Keep the library open',
      'Keep the park open',
      'Parque abierto',
    ])
    const response = await client.get('/petitions?status=awaiting&q=park').withInertia()
    assert.equal(response.inertiaProps.petitions.total, 1)
    assert.equal(response.inertiaProps.filters.status, 'awaiting')

    // Open data filters as the list does, and its links keep the filter.
    const json = await client.get('/petitions.json?status=awaiting&lang=all')
    assert.sameMembers(
      json.body().data.map((item: { title: string }) => item.title),
      ['Keep the library open', 'Keep the park open', 'Parque abierto']
    )
    assert.equal(json.body().meta.total, 3)
    assert.include(json.body().links.self, 'status=awaiting')
  })

  test('the awaiting filter follows the petition once every recipient has answered', async ({
    client,
    assert,
  }) => {
    const target = await petition('Keep the park open', {
      awaitingAnswerSince: NOW.minus({ days: 3 }),
    })
    assert.deepEqual(await listTitles(client, '?status=awaiting'), ['Keep the park open'])
    await db.from('petitions').where('id', target.id).update({ awaiting_answer_since: null })
    assert.deepEqual(await listTitles(client, '?status=awaiting'), [])
  })
})
