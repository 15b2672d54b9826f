import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import Petition from '#models/petition'
import PetitionResponse from '#models/petition_response'
import type User from '#models/user'
import { trailOfPetition } from '#services/moderation/audit_trail'
import { MAX_RESPONSES } from '#services/petitions/outcomes'
import { makeMember, flashed } from '#tests/helpers/auth'
import { assertFieldError, fieldErrors } from '#tests/helpers/validation'
import { makeModerator } from '#tests/helpers/moderation'
import { restoreClock, setClock } from '#tests/helpers/clock'
import { PetitionFactory } from '#database/factories/petition_factory'

const RESPONSE = {
  responder: 'Riverside City Council',
  respondedOn: '2026-03-02',
  body: '<p>We will build the park <strong>next spring</strong>.</p>',
}

function respond(
  client: ApiClient,
  who: User,
  petition: Petition,
  form: Record<string, unknown>,
  host = 'undersign.test'
) {
  return client
    .post(`/petition/${petition.guid}/responses`)
    .header('host', host)
    .header('referer', `http://${host}/petition/${petition.slug}`)
    .form(form)
    .withCsrfToken()
    .loginAs(who)
    .redirects(0)
}

function markVictory(client: ApiClient, who: User, petition: Petition, victory: boolean) {
  return client
    .put(`/petition/${petition.guid}/victory`)
    .header('referer', `http://undersign.test/petition/${petition.slug}`)
    .json({ victory })
    .withCsrfToken()
    .loginAs(who)
    .redirects(0)
}

type ShowProps = {
  petition: {
    victoryAt: string | null
    responses: Array<{ responder: string; respondedOn: string; body: string }>
  }
}
type Cards = { data?: Array<{ title: string; victoryAt: string | null }> }

test.group('Petitions: official responses and victories', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the owner adds a response: sanitised, shown on the page, oldest first', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    const added = await respond(client, owner, petition, {
      ...RESPONSE,
      body: '<p onclick="steal()">We agree.</p><script>alert(1)</script><img src="https://evil.example/x.png">',
    })
    added.assertStatus(302)
    assert.match(flashed(added, 'alerts', 'success')!, /response is published/)
    await respond(client, owner, petition, {
      responder: 'Ministry of Parks',
      respondedOn: '2026-01-15',
      body: '<p>Funds are set aside.</p>',
    })

    const page = await client.get(`/petition/${petition.slug}`).withInertia()
    const { responses } = (page.inertiaProps as ShowProps).petition
    assert.deepEqual(responses, [
      { ...responses[0], responder: 'Ministry of Parks', respondedOn: '2026-01-15' },
      {
        ...responses[1],
        responder: 'Riverside City Council',
        respondedOn: '2026-03-02',
        body: '<p>We agree.</p>',
      },
    ])
    // An owner's own responses are not moderation: the audit trail stays empty.
    assert.lengthOf(await trailOfPetition(petition.id), 0)
  })

  test('bad input gets translated errors under its fields and stores nothing', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    const empty = await respond(
      client,
      owner,
      petition,
      { responder: ' ', respondedOn: '3000-01-01', body: '<p> </p><script>x</script>' },
      'es.undersign.test'
    )
    for (const field of ['responder', 'respondedOn', 'body']) assertFieldError(empty, field)
    assert.equal(fieldErrors(empty).respondedOn[0], 'La fecha no puede ser posterior a hoy')
    assert.match(fieldErrors(empty).body[0], /respuesta/)

    const garbled = await respond(client, owner, petition, {
      responder: 'x'.repeat(201),
      respondedOn: '2026-02-30',
      body: ['not', 'text'],
    })
    for (const field of ['responder', 'respondedOn', 'body']) assertFieldError(garbled, field)
    assert.lengthOf(await PetitionResponse.query().where('petition_id', petition.id), 0)
  })

  test('only the owner and moderators respond and mark victories; drafts have nothing to answer', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const stranger = await makeMember()
    ;(await respond(client, stranger, petition, RESPONSE)).assertStatus(403)
    ;(await markVictory(client, stranger, petition, true)).assertStatus(403)
    await client
      .post(`/petition/${petition.guid}/responses`)
      .form(RESPONSE)
      .withCsrfToken()
      .redirects(0)
      .then((response) => assert.include([302, 303], response.status()))

    const draft = await PetitionFactory.with('user').create()
    const draftOwner = draft.user
    ;(await respond(client, draftOwner, draft, RESPONSE)).assertStatus(404)
    ;(await respond(client, stranger, draft, RESPONSE)).assertStatus(404)

    const unchanged = await Petition.findOrFail(petition.id)
    assert.isNull(unchanged.victoryAt)
    assert.lengthOf(await PetitionResponse.query(), 0)
  })

  test("a moderator's response, removal and victory are written to the audit trail", async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await PetitionFactory.apply('published').with('user').create()
    ;(await respond(client, moderator, petition, RESPONSE)).assertStatus(302)
    const [response] = await PetitionResponse.query().where('petition_id', petition.id)
    ;(await markVictory(client, moderator, petition, true)).assertStatus(302)
    await client
      .delete(`/petition/${petition.guid}/responses/${response.id}`)
      .header('referer', `http://undersign.test/petition/${petition.slug}`)
      .withCsrfToken()
      .loginAs(moderator)
      .redirects(0)
      .then((removed) => removed.assertStatus(302))

    const trail = await trailOfPetition(petition.id)
    assert.deepEqual(
      trail.map((entry) => [entry.action, entry.actorName, entry.reason]),
      [
        ['response_added', 'Ines Roth', 'Riverside City Council'],
        ['victory_marked', 'Ines Roth', null],
        ['response_removed', 'Ines Roth', 'Riverside City Council'],
      ]
    )
    assert.lengthOf(await PetitionResponse.query().where('petition_id', petition.id), 0)
  })

  test('a response of another petition cannot be removed through this one', async ({
    assert,
    client,
  }) => {
    const mine = await PetitionFactory.apply('published').with('user').create()
    const owner = mine.user
    const theirs = await PetitionFactory.apply('published').with('user').create()
    const them = theirs.user
    await respond(client, them, theirs, RESPONSE)
    const [response] = await PetitionResponse.query().where('petition_id', theirs.id)
    await client
      .delete(`/petition/${mine.guid}/responses/${response.id}`)
      .withCsrfToken()
      .loginAs(owner)
      .redirects(0)
      .then((removed) => removed.assertStatus(404))
    assert.isNotNull(await PetitionResponse.find(response.id))
  })

  test('a petition holds a bounded number of responses', async ({ assert, client }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    await PetitionResponse.createMany(
      Array.from({ length: MAX_RESPONSES }, (_, index) => ({
        petitionId: petition.id,
        responder: `Council ${index}`,
        respondedOn: petition.createdAt,
        body: '<p>Noted.</p>',
      }))
    )
    const refused = await respond(client, owner, petition, RESPONSE)
    assert.match(flashed(refused, 'alerts', 'error')!, new RegExp(`at most ${MAX_RESPONSES}`))
    assert.lengthOf(await PetitionResponse.query().where('petition_id', petition.id), MAX_RESPONSES)
  })

  test('a victory is a filter of the list and shows on the home page, until it is taken back', async ({
    assert,
    client,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Safe crossing at Elm Street' })
      .with('user')
      .create()
    const owner = petition.user
    await PetitionFactory.apply('published')
      .merge({ title: 'A park for Oak Hill' })
      .with('user')
      .create()
    const victories = async () => {
      const [list, home, page] = await Promise.all([
        client.get('/petitions?status=victory&lang=all').withInertia(),
        client.get('/').withInertia(),
        client.get(`/petition/${petition.slug}`).withInertia(),
      ])
      return {
        list: ((list.inertiaProps as { petitions: Cards }).petitions.data ?? []).map(
          (card) => card.title
        ),
        home: (home.inertiaProps as { victories: Array<{ title: string }> }).victories.map(
          (card) => card.title
        ),
        // A hidden petition's page is the moderators' notice, without the petition.
        marked: Boolean((page.inertiaProps as Partial<ShowProps>).petition?.victoryAt),
      }
    }
    assert.deepEqual(await victories(), { list: [], home: [], marked: false })

    const marked = await markVictory(client, owner, petition, true)
    assert.match(flashed(marked, 'alerts', 'success')!, /victory/)
    assert.deepEqual(await victories(), {
      list: ['Safe crossing at Elm Street'],
      home: ['Safe crossing at Elm Street'],
      marked: true,
    })
    // Marking it again keeps its first date, and with it its place.
    const first = (await Petition.findOrFail(petition.id)).victoryAt!.toISO()
    await markVictory(client, owner, petition, true)
    assert.equal((await Petition.findOrFail(petition.id)).victoryAt!.toISO(), first)

    await markVictory(client, owner, petition, false)
    assert.deepEqual(await victories(), { list: [], home: [], marked: false })
    // A hidden victory leaves the home page too.
    await markVictory(client, owner, petition, true)
    const hidden = await Petition.findOrFail(petition.id)
    hidden.merge({ hiddenAt: DateTime.utc(), hiddenReason: 'Not a real campaign' })
    await hidden.save()
    assert.deepEqual(await victories(), { list: [], home: [], marked: false })
    ;(await client.get(`/petition/${petition.slug}`).withInertia()).assertStatus(410)
  })

  test("a response's day is checked in its author's calendar: their time zone, else UTC", async ({
    client,
    assert,
    cleanup,
  }) => {
    // 14:30 UTC: already tomorrow on Kiritimati (UTC+14).
    const now = DateTime.utc().set({ hour: 14, minute: 30 })
    setClock(now)
    cleanup(() => restoreClock())
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    const tomorrowInUtc = now.plus({ days: 1 }).toISODate()!

    const withoutZone = await respond(client, owner, petition, {
      ...RESPONSE,
      respondedOn: tomorrowInUtc,
    })
    assertFieldError(withoutZone, 'respondedOn')
    const bogus = await respond(client, owner, petition, {
      ...RESPONSE,
      respondedOn: tomorrowInUtc,
      timeZone: 'Mars/Olympus_Mons',
    })
    assertFieldError(bogus, 'timeZone')
    assert.lengthOf(await PetitionResponse.all(), 0)

    const inKiritimati = await respond(client, owner, petition, {
      ...RESPONSE,
      respondedOn: tomorrowInUtc,
      timeZone: 'Pacific/Kiritimati',
    })
    assert.deepEqual(fieldErrors(inKiritimati), {})
    assert.equal((await PetitionResponse.firstOrFail()).respondedOn.toISODate(), tomorrowInUtc)
  })
})
