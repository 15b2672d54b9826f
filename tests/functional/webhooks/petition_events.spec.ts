import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'
import type Petition from '#models/petition'
import { addResponse } from '#services/petitions/outcomes'
import { finishClosedPetitions } from '#services/petitions/closing'
import { moderatePetition } from '#services/moderation/petition_actions'
import { signatureCounter } from '#runtime/signatures/counter'
import { emptiedAfterwards } from '#tests/helpers/database'
import { outbox } from '#tests/helpers/outbox'
import { makeModerator } from '#tests/helpers/moderation'
import { submitPetition } from '#tests/helpers/petitions'
import { confirmationPath, sign } from '#tests/helpers/signatures'
import { startWebhookReceiver, type WebhookReceiver } from '#tests/helpers/webhook_receiver'
import { addEndpoint, eventually } from '#tests/helpers/webhooks'

/** A published petition of its owner with an endpoint for every event, at a receiver. */
async function petitionWithReceiver(attributes: Partial<Petition> = {}) {
  const petition = await PetitionFactory.apply('published').merge(attributes).with('user').create()
  await petition.load('user')
  const endpoint = await addEndpoint(petition, 'http://placeholder.invalid/')
  const receiver = await startWebhookReceiver(endpoint.secret)
  await endpoint.merge({ url: receiver.url }).save()
  return { petition, receiver }
}

/** The messages of `type` the receiver verified, once `count` of them came. */
async function messagesOf(receiver: WebhookReceiver, type: string, count = 1) {
  const of = () => receiver.received.filter((got) => got.verified && got.data.type === type)
  await eventually(
    async () => of(),
    (found) => found.length >= count
  )
  return of()
}

const refOf = (petition: Petition) => ({
  guid: petition.guid,
  slug: petition.slug,
  title: petition.title,
})

async function signAndConfirm(client: ApiClient, petition: Petition, email: string) {
  await sign(client, petition, { email })
  const row = await db.from('signatures').where('email', email).firstOrFail()
  await client.post(confirmationPath(row)).withCsrfToken()
}

test.group('Webhooks: petition events', (group) => {
  let receiver: WebhookReceiver | null = null
  group.each.setup(() => emptiedAfterwards())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
    return async () => {
      await receiver?.close()
      receiver = null
    }
  })

  test('petition.milestone: its target reached by a confirmed signature, once', async ({
    client,
    assert,
  }) => {
    const setup = await petitionWithReceiver({ targetSignatures: 1 })
    receiver = setup.receiver
    await signAndConfirm(client, setup.petition, 'olena@example.org')
    await signatureCounter.flush()
    const [message] = await messagesOf(receiver, 'petition.milestone')
    assert.deepEqual(message.data.data.petition, refOf(setup.petition))
    assert.deepInclude(message.data.data.milestone, {
      signatures: 1,
      target: 1,
      isTarget: true,
      supportCount: 1,
    })
    // Another signature past it reaches no new milestone.
    await signAndConfirm(client, setup.petition, 'taras@example.org')
    await signatureCounter.flush()
    const confirmed = await eventually(
      async () => receiver!.received.filter((got) => got.data.type === 'signature.confirmed'),
      (found) => found.length >= 2
    )
    assert.lengthOf(confirmed, 2)
    assert.lengthOf(await messagesOf(receiver, 'petition.milestone'), 1)
  })

  test('petition.answered: a response recorded by its owner', async ({ assert }) => {
    const setup = await petitionWithReceiver()
    receiver = setup.receiver
    const response = await addResponse(setup.petition.user, setup.petition, {
      responder: 'Kyiv City Council',
      respondedOn: new Date('2026-02-03T00:00:00Z'),
      body: '<p>We will build the crossing.</p>',
    })
    const [message] = await messagesOf(receiver, 'petition.answered')
    assert.deepEqual(message.data.data, {
      petition: refOf(setup.petition),
      response: {
        id: response!.id,
        responder: 'Kyiv City Council',
        responderRole: null,
        respondedOn: '2026-02-03',
        body: '<p>We will build the crossing.</p>',
        fromDecisionMaker: false,
      },
    })
  })

  test('petition.updated: a news update, then a substantive change of its text', async ({
    client,
    assert,
  }) => {
    const setup = await petitionWithReceiver()
    receiver = setup.receiver
    const saved = await submitPetition(client, setup.petition.user, setup.petition.guid, {
      title: setup.petition.title,
      updates: [{ title: 'Council meeting', createdAt: '2026-01-10', description: 'We spoke.' }],
    })
    assert.equal(saved.status(), 302)
    const [news] = await messagesOf(receiver, 'petition.updated')
    assert.deepInclude(news.data.data.update, {
      kind: 'news',
      title: 'Council meeting',
      description: 'We spoke.',
      date: '2026-01-10',
    })

    // Once signed, a new title is a change of the text its signers are told of.
    await SignatureFactory.merge({
      petitionId: setup.petition.id,
      confirmedAt: DateTime.utc(),
    }).create()
    await submitPetition(client, setup.petition.user, setup.petition.guid, {
      title: 'A safe crossing at School 12, now',
    })
    const messages = await messagesOf(receiver, 'petition.updated', 2)
    const text = messages.find((message) => message.data.data.update.kind === 'text')
    assert.exists(text)
    assert.equal(text!.data.data.update.title, 'A safe crossing at School 12, now')
    assert.equal(text!.data.data.petition.title, 'A safe crossing at School 12, now')
  })

  test('petition.closed: by its closing date, by its owner and by a moderator, once each', async ({
    client,
    assert,
  }) => {
    const byDate = await petitionWithReceiver({ closesAt: DateTime.utc().minus({ hours: 1 }) })
    receiver = byDate.receiver
    await finishClosedPetitions()
    await finishClosedPetitions()
    const [closed] = await messagesOf(receiver, 'petition.closed')
    assert.equal(closed.data.data.closed.by, 'date')
    assert.isString(closed.data.data.closed.at)
    await receiver.close()

    const byOwner = await petitionWithReceiver()
    receiver = byOwner.receiver
    await submitPetition(client, byOwner.petition.user, byOwner.petition.guid, {
      title: byOwner.petition.title,
      finished: true,
    })
    const [owners] = await messagesOf(receiver, 'petition.closed')
    assert.equal(owners.data.data.closed.by, 'owner')
    await receiver.close()

    const byModerator = await petitionWithReceiver()
    receiver = byModerator.receiver
    const moderator = await makeModerator()
    await moderatePetition(moderator, byModerator.petition.id, 'close', 'Off topic')
    const [moderators] = await messagesOf(receiver, 'petition.closed')
    assert.equal(moderators.data.data.closed.by, 'moderator')
    assert.lengthOf(receiver.received, 1)
  })
})
