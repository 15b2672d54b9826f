import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import Petition from '#models/petition'
import PetitionResponse from '#models/petition_response'
import RecipientDelivery from '#models/recipient_delivery'
import type User from '#models/user'
import { deliverMilestone } from '#services/decision_makers/delivery'
import { retryUnsentDeliveries } from '#services/decision_makers/delivery_mails'
import { mailGuard } from '#runtime/mail/mail_guard'
import { MAX_RESPONSES } from '#services/petitions/outcomes'
import { trailOfPetition } from '#services/moderation/audit_trail'
import { answerUrl } from '#services/decision_makers/links'
import { emptiedAfterwards } from '#tests/helpers/database'
import { approveAddresses, letterTo } from '#tests/helpers/decision_makers'
import { makeMember } from '#tests/helpers/auth'
import { makeModerator } from '#tests/helpers/moderation'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { pathOf } from '#tests/helpers/signatures'
import { fieldErrors } from '#tests/helpers/validation'
import PetitionChanged from '#events/petition_changed'
import { PetitionFactory } from '#database/factories/petition_factory'

const MINISTER = 'ana@ministerio.gov.example'
const ANSWER = { responder: 'Ana Ministra', body: '<p>We will act.</p>' }

/** A public petition past its target whose letter addresses the minister (approved) and a council (not mailed). */
async function petitionToAnswer(owner?: User) {
  const petition = await PetitionFactory.merge({
    targetSignatures: 100,
    supportCount: 150,
    lang: 'it',
    userId: (owner ?? (await makeMember())).id,
  })
    .apply('published')
    .create()
  const {
    recipients: [minister, council],
  } = await letterTo(petition.id, 'Please act.', [
    { name: 'Ana Ministra', payload: 'Minister', email: MINISTER },
    { name: 'Council', payload: null },
  ])
  await approveAddresses(MINISTER)
  return { petition, minister, council }
}

async function standingOnPage(client: ApiClient, petition: Petition) {
  const page = await client.get(`/petition/${petition.slug}`).withInertia()
  return page.inertiaProps.decisionMakers as Array<{ name: string; status: string; toldBy: string }>
}

function answer(client: ApiClient, delivery: RecipientDelivery) {
  return client
    .post(pathOf(answerUrl(delivery, 'it')))
    .json(ANSWER)
    .withCsrfToken()
    .redirects(0)
}

function removeResponse(client: ApiClient, who: User, petition: Petition, id: number, form = {}) {
  return client
    .delete(`/petition/${petition.guid}/responses/${id}`)
    .form(form)
    .withCsrfToken()
    .loginAs(who)
    .redirects(0)
}

test.group('Decision makers: answers and deliveries that tell the truth', (group) => {
  group.each.setup(() => emptiedAfterwards())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('an answer through a link is shown as sent through a link to its approved domain, and counts in the responses cap', async ({
    assert,
    client,
  }) => {
    const { petition } = await petitionToAnswer()
    await deliverMilestone(petition.id)
    const [delivery] = await RecipientDelivery.query().where('petition_id', petition.id)
    ;(await answer(client, delivery)).assertStatus(302)
    const [published] = await PetitionResponse.query().where('petition_id', petition.id)
    assert.equal(published.viaDomain, 'ministerio.gov.example')
    const html = await client.get(`/petition/${petition.slug}`).header('host', 'it.undersign.test')
    assert.include(
      html.text(),
      'Risposta inviata tramite un link spedito a …@ministerio.gov.example'
    )
    assert.notInclude(html.text(), MINISTER)

    // A petition already full of responses takes no more through a link either.
    const other = await petitionToAnswer()
    await PetitionResponse.createMany(
      Array.from({ length: MAX_RESPONSES }, (_, index) => ({
        petitionId: other.petition.id,
        responder: `Office ${index}`,
        respondedOn: DateTime.utc(),
        body: '<p>Typed in.</p>',
        addedByUserId: other.petition.userId,
      }))
    )
    await deliverMilestone(other.petition.id)
    const [full] = await RecipientDelivery.query().where('petition_id', other.petition.id)
    const refused = await answer(client, full)
    refused.assertStatus(302)
    assert.lengthOf(
      await PetitionResponse.query().where('petition_id', other.petition.id),
      MAX_RESPONSES
    )
    assert.isNull((await RecipientDelivery.findOrFail(full.id)).answeredAt, 'the link still works')
  })

  test('the owner cannot remove a decision maker’s answer; a moderator can, with a reason, counted in public, and the link answers again', async ({
    assert,
    client,
  }) => {
    const owner = await makeMember()
    const { petition } = await petitionToAnswer(owner)
    await deliverMilestone(petition.id)
    const [delivery] = await RecipientDelivery.query().where('petition_id', petition.id)
    await answer(client, delivery)
    const [response] = await PetitionResponse.query().where('petition_id', petition.id)

    ;(await removeResponse(client, owner, petition, response.id)).assertStatus(403)
    assert.exists(await PetitionResponse.find(response.id), 'the owner removed it')
    const ownerPage = await client.get(`/petition/${petition.slug}`).withInertia().loginAs(owner)
    assert.isFalse(ownerPage.inertiaProps.canRemoveAnswers)

    // A moderator who owns a petition is its owner here.
    const moderatorOwner = await makeModerator({ email: 'mod-owner@example.org' })
    const own = await petitionToAnswer(moderatorOwner)
    await deliverMilestone(own.petition.id)
    const [ownDelivery] = await RecipientDelivery.query().where('petition_id', own.petition.id)
    await answer(client, ownDelivery)
    const [ownAnswer] = await PetitionResponse.query().where('petition_id', own.petition.id)
    const byOwner = await removeResponse(client, moderatorOwner, own.petition, ownAnswer.id, {
      reason: 'I do not like it',
    })
    byOwner.assertStatus(403)

    const moderator = await makeModerator()
    const page = await client.get(`/petition/${petition.slug}`).withInertia().loginAs(moderator)
    assert.isTrue(page.inertiaProps.canRemoveAnswers)
    const noReason = await removeResponse(client, moderator, petition, response.id)
    assert.property(fieldErrors(noReason), 'reason')
    assert.exists(await PetitionResponse.find(response.id))

    const removed = await removeResponse(client, moderator, petition, response.id, {
      reason: 'Written by the petition’s owner, not the minister',
    })
    removed.assertStatus(302)
    assert.isNull(await PetitionResponse.find(response.id))
    await PetitionChanged.handled()
    const publicPage = await client.get(`/petition/${petition.slug}`).withInertia()
    assert.equal(publicPage.inertiaProps.petition.answersRemoved, 1)
    const html = await client.get(`/petition/${petition.slug}`).header('host', 'it.undersign.test')
    assert.include(html.text(), '1 risposta di un destinatario è stata rimossa dai moderatori.')
    assert.containSubset(await trailOfPetition(petition.id), [
      { action: 'answer_removed', reason: 'Written by the petition’s owner, not the minister' },
    ])
    // The recipient is awaited again, and their link answers again.
    const [minister] = await standingOnPage(client, petition)
    assert.equal(minister.status, 'awaiting')
    ;(await answer(client, delivery)).assertStatus(302)
    assert.lengthOf(await PetitionResponse.query().where('petition_id', petition.id), 1)
  })

  test('a delivery whose mail never left tells nobody until the retry sends it; a dropped mail is retried, not forgotten', async ({
    assert,
    client,
  }) => {
    const { petition } = await petitionToAnswer()
    // The per-address guard has nothing left for the minister this hour: the mail is dropped.
    while (await mailGuard.allows(MINISTER)) await mailGuard.admit([MINISTER])
    await deliverMilestone(petition.id)
    assert.lengthOf(await outbox.to(MINISTER), 0)
    const [delivery] = await RecipientDelivery.query().where('petition_id', petition.id)
    assert.isNull(delivery.sentAt)
    const [standing] = await standingOnPage(client, petition)
    assert.equal(standing.status, 'not_told', 'shown as awaiting though nothing reached them')
    assert.isNull((await Petition.findOrFail(petition.id)).awaitingAnswerSince)

    // Not due yet: nothing happens. Once due (and the hour over), the mail goes.
    assert.equal(await retryUnsentDeliveries(), 0)
    await limiter.clear()
    assert.equal(await retryUnsentDeliveries(DateTime.utc().plus({ minutes: 31 })), 1)
    const [mail] = await outbox.to(MINISTER)
    assert.exists(mail)
    assert.include(linkIn(mail.html, '/decision-makers/'), `/decision-makers/${delivery.id}/answer`)
    const sent = await RecipientDelivery.findOrFail(delivery.id)
    assert.isNotNull(sent.sentAt)
    assert.isNull(sent.mailDueAt)
    await PetitionChanged.handled()
    const [told] = await standingOnPage(client, petition)
    assert.equal(told.status, 'awaiting')
    assert.isNotNull((await Petition.findOrFail(petition.id)).awaitingAnswerSince)
    // Sent once: another run mails nothing.
    assert.equal(await retryUnsentDeliveries(DateTime.utc().plus({ hours: 2 })), 0)
    assert.lengthOf(await outbox.to(MINISTER), 1)
  })

  test('a recipient handed the petition in person counts as told, from that day', async ({
    assert,
    client,
  }) => {
    const owner = await makeMember()
    const { petition, council } = await petitionToAnswer(owner)
    const other = await petitionToAnswer()
    const record = (fields: Record<string, string>) =>
      client
        .post(`/petition/${petition.guid}/handovers`)
        .fields({ recipient: 'Council', handedOverOn: '2026-12-01', place: 'Town hall', ...fields })
        .withCsrfToken()
        .loginAs(owner)
        .redirects(0)

    // Another petition's recipient is refused under its field.
    const wrong = await record({ letterRecipientId: String(other.minister.id) })
    assert.property(fieldErrors(wrong), 'letterRecipientId')

    ;(await record({ letterRecipientId: String(council.id) })).assertStatus(302)
    await PetitionChanged.handled()
    const shown = await standingOnPage(client, petition)
    assert.containSubset(shown, [{ name: 'Council', status: 'awaiting', toldBy: 'hand' }])
    const html = await client.get(`/petition/${petition.slug}`).header('host', 'it.undersign.test')
    assert.include(html.text(), 'dalla consegna di persona')
    assert.notInclude(html.text(), 'Non ancora contattato')
    assert.isNotNull((await Petition.findOrFail(petition.id)).awaitingAnswerSince)
  })
})
