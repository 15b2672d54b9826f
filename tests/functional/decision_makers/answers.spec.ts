import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Petition from '#models/petition'
import PetitionResponse from '#models/petition_response'
import RecipientDelivery from '#models/recipient_delivery'
import { answerUrl, stopUrl } from '#services/decision_makers/links'
import { mailPetitionNews } from '#services/petitions/signer_news'
import { emptiedAfterwards } from '#tests/helpers/database'
import { letterTo } from '#tests/helpers/decision_makers'
import { outbox } from '#tests/helpers/outbox'
import { inertiaPage } from '#tests/helpers/inertia'
import { fieldErrors } from '#tests/helpers/validation'
import { pathOf } from '#tests/helpers/signatures'
import { oneClickUnsubscribe } from '#tests/helpers/one_click'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const MINISTER = 'minister@gov.example'
const ANSWER = {
  responder: 'Ana Ministra',
  responderRole: 'Minister of the Environment',
  body: '<p>We will <strong>stop</strong> the road.</p><script>alert(1)</script>',
}

/** A petition past its target, mailed to two recipients (the minister and the mayor). */
async function deliveredPetition() {
  const petition = await PetitionFactory.merge({
    targetSignatures: 100,
    supportCount: 150,
    milestoneReached: 100,
  })
    .apply('published')
    .with('user')
    .create()
  const {
    recipients: [minister, mayor],
  } = await letterTo(petition.id, 'Stop it.', [
    { name: 'Ana Ministra', payload: 'Minister', email: MINISTER },
    { name: 'Rui', payload: 'Mayor', email: 'mayor@city.example' },
  ])
  const delivered = DateTime.utc().minus({ days: 3 })
  const [toMinister, toMayor] = await RecipientDelivery.createMany([
    {
      petitionId: petition.id,
      letterRecipientId: minister.id,
      milestone: 100,
      deliveredAt: delivered,
      sentAt: delivered,
    },
    {
      petitionId: petition.id,
      letterRecipientId: mayor.id,
      milestone: 100,
      deliveredAt: delivered,
      sentAt: delivered,
    },
  ])
  await (await Petition.findOrFail(petition.id)).merge({ awaitingAnswerSince: delivered }).save()
  return { petition, toMinister, toMayor }
}

const answerPath = (delivery: RecipientDelivery) => pathOf(answerUrl(delivery, 'de'))

test.group('Decision makers answer through their link', (group) => {
  group.each.setup(() => emptiedAfterwards())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('GET shows the form and publishes nothing; the props hold no address', async ({
    assert,
    client,
  }) => {
    const { toMinister } = await deliveredPetition()
    const response = await client.get(answerPath(toMinister)).withInertia()
    response.assertStatus(200)
    const { component, props } = inertiaPage(response)
    assert.equal(component, 'Petition/Answer')
    assert.equal(props.state, 'open')
    assert.equal(props.delivery.recipient.name, 'Ana Ministra')
    assert.notInclude(JSON.stringify(props), MINISTER)
    assert.lengthOf(await PetitionResponse.all(), 0)
  })

  test('POST publishes the answer once, sanitised and marked as from the recipient; the link then refuses', async ({
    assert,
    client,
  }) => {
    const { petition, toMinister } = await deliveredPetition()
    const path = answerPath(toMinister)
    const first = await client.post(path).json(ANSWER).withCsrfToken().redirects(0)
    first.assertStatus(302)
    assert.equal(first.header('location'), `/petition/${petition.slug}`)

    const [published] = await PetitionResponse.query().where('petition_id', petition.id)
    assert.equal(published.responder, 'Ana Ministra')
    assert.equal(published.responderRole, 'Minister of the Environment')
    assert.isTrue(published.fromRecipient)
    assert.equal(published.letterRecipientId, toMinister.letterRecipientId)
    assert.notInclude(published.body, '<script')
    assert.include(published.body, '<strong>stop</strong>')
    const delivery = await RecipientDelivery.findOrFail(toMinister.id)
    assert.isNotNull(delivery.answeredAt)
    // The mayor has not answered: the petition still awaits an answer.
    assert.isNotNull((await Petition.findOrFail(petition.id)).awaitingAnswerSince)

    // The same link again, or twice at once: nothing more is published.
    const again = await client.post(path).json(ANSWER).withCsrfToken().redirects(0)
    again.assertStatus(302)
    assert.lengthOf(await PetitionResponse.query().where('petition_id', petition.id), 1)
    const page = inertiaPage(await client.get(path).withInertia())
    assert.equal(page.props.state, 'answered')
    assert.isNull(page.props.answerUrl)
  })

  test('two answers through one link at once publish one', async ({ assert, client }) => {
    const { petition, toMinister } = await deliveredPetition()
    const path = answerPath(toMinister)
    await Promise.all(
      Array.from({ length: 4 }, () => client.post(path).json(ANSWER).withCsrfToken().redirects(0))
    )
    assert.lengthOf(await PetitionResponse.query().where('petition_id', petition.id), 1)
  })

  test('every recipient told has answered: the petition no longer awaits an answer', async ({
    assert,
    client,
  }) => {
    const { petition, toMinister, toMayor } = await deliveredPetition()
    await client.post(answerPath(toMinister)).json(ANSWER).withCsrfToken()
    await client
      .post(answerPath(toMayor))
      .json({ ...ANSWER, responder: 'Rui' })
      .withCsrfToken()
    assert.isNull((await Petition.findOrFail(petition.id)).awaitingAnswerSince)
  })

  test("a forged link, an unsigned one, another delivery id or the stop link's signature publish nothing", async ({
    assert,
    client,
  }) => {
    const { toMinister, toMayor } = await deliveredPetition()
    const valid = new URL(answerUrl(toMinister, 'en'))
    const signature = valid.searchParams.get('signature')!
    const attempts = [
      `/decision-makers/${toMinister.id}/answer`,
      `/decision-makers/${toMinister.id}/answer?signature=${signature.slice(0, -2)}xx`,
      `/decision-makers/${toMayor.id}/answer?signature=${signature}`,
      pathOf(stopUrl(toMinister, 'en')).replace('/stop?', '/answer?'),
    ]
    for (const path of attempts) {
      const response = await client.post(path).json(ANSWER).withCsrfToken().redirects(0)
      assert.oneOf(response.status(), [302, 404], path)
      const page = inertiaPage(await client.get(path).withInertia())
      assert.equal(page.props.state, 'invalid', path)
    }
    // Not an id at all: no such page.
    const notAnId = await client.get(`/decision-makers/abc/answer?signature=${signature}`)
    notAnId.assertStatus(404)
    assert.lengthOf(await PetitionResponse.all(), 0)
  })

  test('a hidden petition cannot be answered until it is public again', async ({
    assert,
    client,
  }) => {
    const { petition, toMinister } = await deliveredPetition()
    await (await Petition.findOrFail(petition.id)).merge({ hiddenAt: DateTime.utc() }).save()
    const page = inertiaPage(await client.get(answerPath(toMinister)).withInertia())
    assert.equal(page.props.state, 'unavailable')
    assert.isNull(page.props.delivery.petition.slug)
    await client.post(answerPath(toMinister)).json(ANSWER).withCsrfToken()
    assert.lengthOf(await PetitionResponse.all(), 0)
  })

  test('bad input gets translated errors under its fields and publishes nothing', async ({
    assert,
    client,
  }) => {
    const { toMinister } = await deliveredPetition()
    const response = await client
      .post(answerPath(toMinister))
      .header('Accept-Language', 'de')
      .json({ responder: 'A', responderRole: 'x'.repeat(201), body: '<p> </p>' })
      .withCsrfToken()
      .redirects(0)
    const errors = fieldErrors(response)
    assert.properties(errors, ['responder', 'responderRole', 'body'])
    assert.lengthOf(await PetitionResponse.all(), 0)
    assert.isNull((await RecipientDelivery.findOrFail(toMinister.id)).answeredAt)
  })

  test('the answer reaches the signers who asked for news, not the others', async ({
    assert,
    client,
  }) => {
    const { petition, toMinister } = await deliveredPetition()
    await SignatureFactory.merge({
      petitionId: petition.id,
      email: 'news@example.org',
      wantsUpdates: true,
    }).create()
    await SignatureFactory.merge({
      petitionId: petition.id,
      email: 'quiet@example.org',
      wantsUpdates: false,
    }).create()
    await client.post(answerPath(toMinister)).json(ANSWER).withCsrfToken()
    await mailPetitionNews(DateTime.utc().plus({ minutes: 5 }))
    const [news] = await outbox.to('news@example.org')
    assert.exists(news)
    assert.include(news.html!, 'Ana Ministra')
    assert.include(news.html!, 'We will')
    assert.lengthOf(await outbox.to('quiet@example.org'), 0)
    assert.notInclude(news.html!, MINISTER)
  })

  test('the stop link: GET stops nothing, POST stops the mails to that address', async ({
    assert,
    client,
  }) => {
    const { petition, toMinister } = await deliveredPetition()
    const path = pathOf(stopUrl(toMinister, 'en'))
    const page = inertiaPage(await client.get(path).withInertia())
    assert.equal(page.component, 'Petition/StopRecipientMails')
    assert.isFalse(page.props.stopped)
    assert.notInclude(JSON.stringify(page.props), MINISTER)
    assert.lengthOf(await db.from('recipient_mail_stops'), 0)
    await client.post(path).withCsrfToken()
    const rows = await db.from('recipient_mail_stops')
    assert.deepEqual(
      rows.map((row) => [Number(row.petition_id), row.email]),
      [[petition.id, MINISTER]]
    )
    assert.isTrue(inertiaPage(await client.get(path).withInertia()).props.stopped)
    // An answer link is no stop link.
    await client.post(answerPath(toMinister).replace('/answer?', '/stop?')).withCsrfToken()
    assert.lengthOf(await db.from('recipient_mail_stops'), 1)
  })

  test("the mail's one-click stop (RFC 8058) works without cookies, urlencoded or multipart", async ({
    assert,
    client,
  }) => {
    const { petition, toMinister, toMayor } = await deliveredPetition()
    const clicked = await oneClickUnsubscribe(client, pathOf(stopUrl(toMinister, 'fr')))
    clicked.assertStatus(200)
    assert.include(clicked.header('content-type'), 'text/plain')
    const multipart = await oneClickUnsubscribe(client, pathOf(stopUrl(toMayor, 'de')), {
      multipart: true,
    })
    multipart.assertStatus(200)
    const rows = await db.from('recipient_mail_stops').orderBy('email')
    assert.deepEqual(
      rows.map((row) => [Number(row.petition_id), row.email]),
      [
        [petition.id, 'mayor@city.example'],
        [petition.id, MINISTER],
      ]
    )
    // A forged link stops nothing, with or without the one-click form.
    const forged = pathOf(stopUrl(toMinister, 'en')).replace(/signature=[^&]+/, 'signature=x')
    ;(await oneClickUnsubscribe(client, forged)).assertStatus(400)
  })
})
