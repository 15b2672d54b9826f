import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import Petition from '#models/petition'
import Letter from '#models/letter'
import LetterRecipient from '#models/letter_recipient'
import { signPetition, type SignInput } from '#services/signatures/signing'
import { confirmSignature } from '#services/signatures/confirmation'
import { SignatureCounter, signatureCounter } from '#runtime/signatures/counter'
import { deliverMilestone } from '#services/decision_makers/delivery'
import { emptiedAfterwards } from '#tests/helpers/database'
import { approveAddresses, letterTo } from '#tests/helpers/decision_makers'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { pathOf } from '#tests/helpers/signatures'
import { submitPetition } from '#tests/helpers/petitions'
import { makeModerator } from '#tests/helpers/moderation'
import PetitionChanged from '#events/petition_changed'
import { PetitionFactory } from '#database/factories/petition_factory'

const MINISTER = 'minister@gov.example'
const MAYOR = 'mayor@city.example'

/** A published petition of target 100 and the owner's milestone `milestones`, with three recipients: two addressed. */
async function petitionToDeliver(milestones: number[] = [3], lang = 'pt') {
  const petition = await PetitionFactory.merge({ targetSignatures: 100, milestones, lang })
    .apply('published')
    .with('user')
    .create()
  await letterTo(petition.id, 'Please protect the river park from the new road.', [
    { name: 'Ana Ministra', payload: 'Minister', email: MINISTER },
    { name: 'Rui Presidente', payload: 'Mayor', email: MAYOR },
    { name: 'The council' },
  ])
  await approveAddresses(MINISTER, MAYOR)
  return petition
}

function signInput(index: number): SignInput {
  return {
    firstName: 'Maria',
    lastName: 'Santos',
    email: `signer${index}@example.org`,
    country: index % 2 ? 'PT' : 'BR',
    support: true,
    customFields: [],
  } as SignInput
}

/** `count` confirmed signatures, counted by `counters` flushing concurrently all along. */
async function confirmedSignatures(
  petition: Petition,
  count: number,
  from = 0,
  counters: SignatureCounter[] = [signatureCounter]
) {
  let signing = true
  const flushing = (async () => {
    while (signing) {
      await Promise.all(counters.map((counter) => counter.flush()))
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  })()
  await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const outcome = await signPetition(petition, signInput(from + index), {
        user: null,
        locale: 'pt',
      })
      if (outcome.signed) await confirmSignature(outcome.signature)
    })
  )
  signing = false
  await flushing
  await Promise.all(counters.map((counter) => counter.flush()))
}

const deliveriesOf = (petition: Petition) =>
  db
    .from('recipient_deliveries')
    .where('petition_id', petition.id)
    .orderBy('id')
    .select('letter_recipient_id', 'milestone', 'answered_at')

test.group('Milestone deliveries', (group) => {
  group.each.setup(() => emptiedAfterwards())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('a milestone mails each addressed recipient once, in the petition language, even with concurrent flushes of two nodes', async ({
    assert,
  }) => {
    const petition = await petitionToDeliver([3])
    // Two counters flushing at once, as two nodes' processes do.
    await confirmedSignatures(petition, 2, 0, [signatureCounter, new SignatureCounter()])
    assert.lengthOf(await outbox.to(MINISTER), 0, 'nothing before the milestone')

    await confirmedSignatures(petition, 6, 2, [signatureCounter, new SignatureCounter()])
    // The nodes' jobs for the same petition run again, at once: nothing more goes.
    await Promise.all([deliverMilestone(petition.id), deliverMilestone(petition.id)])

    const toMinister = await outbox.to(MINISTER)
    const toMayor = await outbox.to(MAYOR)
    assert.lengthOf(toMinister, 1)
    assert.lengthOf(toMayor, 1)
    const deliveryMails = (await outbox.read()).filter((mail) =>
      mail.html?.includes('/decision-makers/')
    )
    assert.lengthOf(deliveryMails, 2, 'the recipient without an address gets nothing')
    const mail = toMinister[0]
    // The petition's language (Portuguese), the count, the letter, the countries, the links.
    assert.include(mail.subject, 'pessoas pedem-lhe')
    assert.include(mail.html!, 'Please protect the river park from the new road.')
    assert.include(mail.html!, 'Brasil')
    assert.include(mail.html!, 'Portugal')
    assert.include(linkIn(mail.html, '/petition/'), `/petition/${petition.slug}`)
    assert.match(linkIn(mail.html, '/decision-makers/'), /^http:\/\/pt\./)
    assert.include(mail.html!, '/answer?signature=')
    assert.include(mail.html!, '/stop?signature=')

    const fresh = await Petition.findOrFail(petition.id)
    assert.equal(fresh.milestoneReached, 3)
    assert.equal(fresh.nextMilestone, 100)
    assert.isNotNull(fresh.awaitingAnswerSince)
    const deliveries = await deliveriesOf(petition)
    assert.lengthOf(deliveries, 2)
    assert.deepEqual(
      deliveries.map((row) => Number(row.milestone)),
      [3, 3]
    )
  })

  test('a single confirmation does not look for milestones: the flush that counts it does', async ({
    assert,
  }) => {
    const petition = await petitionToDeliver([3])
    // The counts already past the milestone (as if flushed by another process just now).
    await Petition.query().where('id', petition.id).update({ support_count: 3 })
    const outcome = await signPetition(petition, signInput(0), { user: null, locale: 'pt' })
    assert.isTrue(outcome.signed)
    if (outcome.signed) await confirmSignature(outcome.signature)
    await PetitionChanged.handled()
    assert.lengthOf(await outbox.to(MINISTER), 0, 'nothing on the signing path')
    await signatureCounter.flush()
    assert.lengthOf(await outbox.to(MINISTER), 1, 'the flush delivers it')
  })

  test('a recipient added after a milestone is mailed it; one who stopped the mails is not, whatever the recipient it is entered for', async ({
    assert,
    client,
  }) => {
    const petition = await petitionToDeliver([2])
    await confirmedSignatures(petition, 3)
    const [minister] = await outbox.to(MINISTER)
    assert.exists(minister)

    // The minister stops the mails through the link (GET shows a button, POST stops).
    const stopPath = pathOf(linkIn(minister.html, '/stop'))
    const page = await client.get(stopPath)
    page.assertStatus(200)
    assert.lengthOf(await db.from('recipient_mail_stops'), 0, 'opening the link stops nothing')
    const stop = await client.post(stopPath).withCsrfToken().redirects(0)
    stop.assertStatus(302)
    assert.lengthOf(await db.from('recipient_mail_stops'), 1)

    // The owner enters the minister again as a new recipient, and a new one.
    const letter = await Letter.findByOrFail('petition_id', petition.id)
    await LetterRecipient.createMany([
      { letterId: letter.id, name: 'Again', payload: null, email: MINISTER, position: 3 },
    ])
    const newcomer = await LetterRecipient.create({
      letterId: letter.id,
      name: 'New',
      payload: null,
      email: 'new@gov.example',
      position: 4,
    })
    await deliverMilestone(petition.id)
    assert.lengthOf(await outbox.to('new@gov.example'), 0, 'not before a moderator approved it')
    await approveAddresses('new@gov.example')
    await deliverMilestone(petition.id)
    assert.lengthOf(await outbox.to('new@gov.example'), 1)
    assert.lengthOf(await outbox.to(MINISTER), 1, 'no second mail after the stop')
    const rows = await deliveriesOf(petition)
    assert.isTrue(rows.some((row) => Number(row.letter_recipient_id) === newcomer.id))
  })

  test('an address entered for several recipients gets one mail per milestone', async ({
    assert,
  }) => {
    const petition = await petitionToDeliver([2])
    await letterTo(
      petition.id,
      'A second letter.',
      [
        { name: 'Ana again', email: MINISTER },
        { name: 'And again', email: MINISTER },
      ],
      1
    )
    await confirmedSignatures(petition, 3)
    assert.lengthOf(await outbox.to(MINISTER), 1)
    assert.lengthOf(await outbox.to(MAYOR), 1)
  })

  test('several milestones passed at once are one mail, for the highest; a count that falls and rises again is not mailed twice', async ({
    assert,
  }) => {
    const petition = await petitionToDeliver([2, 4])
    // Five signed, then confirmed at once: one flush counts them and passes both milestones.
    const signed = []
    for (let index = 0; index < 5; index++) {
      const outcome = await signPetition(petition, signInput(index), { user: null, locale: 'pt' })
      if (outcome.signed) signed.push(outcome.signature)
    }
    await Promise.all(signed.map((signature) => confirmSignature(signature)))
    await signatureCounter.flush()
    const mails = await outbox.to(MINISTER)
    assert.lengthOf(mails, 1)
    const deliveries = await deliveriesOf(petition)
    assert.deepEqual([...new Set(deliveries.map((row) => Number(row.milestone)))], [4])

    // The count falls below 4 and rises past it again: no new mail.
    await Petition.query().where('id', petition.id).update({ support_count: 1 })
    await Petition.query().where('id', petition.id).update({ support_count: 5 })
    await deliverMilestone(petition.id)
    assert.lengthOf(await outbox.to(MINISTER), 1)
  })

  test('a hidden or unpublished petition is not delivered until it is public again', async ({
    assert,
  }) => {
    const petition = await petitionToDeliver([2])
    await (await Petition.findOrFail(petition.id)).merge({ hiddenAt: DateTime.utc() }).save()
    await confirmedSignatures(petition, 3)
    assert.lengthOf(await outbox.to(MINISTER), 0)
    await (await Petition.findOrFail(petition.id)).merge({ hiddenAt: null }).save()
    await deliverMilestone(petition.id)
    assert.lengthOf(await outbox.to(MINISTER), 1)
  })

  test('a changed address is told again; the old address is not', async ({ assert, client }) => {
    const petition = await petitionToDeliver([2])
    await confirmedSignatures(petition, 3)
    assert.lengthOf(await outbox.to(MINISTER), 1)
    await outbox.clear()
    const fresh = await Petition.query()
      .where('id', petition.id)
      .preload('letters', (letters) => letters.preload('recipients'))
      .preload('user')
      .firstOrFail()
    const letter = fresh.letters[0]
    const recipients = [...letter.recipients].sort((a, b) => a.position - b.position)
    const response = await submitPetition(client, fresh.user, petition.guid, {
      title: fresh.title,
      target: fresh.target,
      description: fresh.description,
      targetSignatures: 100,
      milestones: [2],
      letters: [
        {
          id: letter.id,
          payload: letter.payload,
          recipients: recipients.map((recipient, index) => ({
            id: recipient.id,
            name: recipient.name,
            payload: recipient.payload,
            email: index === 0 ? 'Minister.Office@Gov.Example' : recipient.email,
          })),
        },
      ],
    })
    response.assertStatus(302)
    await PetitionChanged.handled()
    const kept = await LetterRecipient.findOrFail(recipients[0].id)
    assert.equal(kept.email, 'minister.office@gov.example', 'kept its id, stored lower-case')
    assert.lengthOf(
      await outbox.to('minister.office@gov.example'),
      0,
      'a new address waits for a moderator'
    )

    // A moderator approves it from the queue: the milestone reached goes there now.
    const moderator = await makeModerator()
    const approval = await client
      .post(`/moderation/decision-makers/recipients/${kept.id}`)
      .form({ decision: 'approve' })
      .withCsrfToken()
      .loginAs(moderator)
      .redirects(0)
    approval.assertStatus(302)
    await PetitionChanged.handled()
    assert.lengthOf(await outbox.to('minister.office@gov.example'), 1)
    assert.lengthOf(await outbox.to(MAYOR), 0, 'the mayor was told already')
  })
})
