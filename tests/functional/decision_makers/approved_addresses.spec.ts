import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import Petition from '#models/petition'
import LetterRecipient from '#models/letter_recipient'
import DecisionMakerAddress from '#models/decision_maker_address'
import type User from '#models/user'
import { deliverMilestone } from '#services/decision_makers/delivery'
import { trailOfPetition } from '#services/moderation/audit_trail'
import { emptiedAfterwards } from '#tests/helpers/database'
import { makeMember } from '#tests/helpers/auth'
import { makeModerator } from '#tests/helpers/moderation'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { newGuid, submitPetition } from '#tests/helpers/petitions'
import { fieldErrors } from '#tests/helpers/validation'
import { approveAddresses } from '#tests/helpers/decision_makers'
import PetitionChanged from '#events/petition_changed'
import { UserFactory } from '#database/factories/user_factory'

const MAYOR = 'jeanne.dupont@mairie.example'

/** The letter of the form (`id`: the stored one) with these recipients (name, e-mail). */
function letterFor(
  recipients: Array<{ id?: number; name: string; email?: string | null }>,
  id?: number
) {
  return [{ id, payload: 'Madame la maire, protégez le lavoir.', recipients }]
}

/** A published petition of `owner`'s whose letter addresses these recipients; reached its target. */
async function addressedPetition(
  client: ApiClient,
  owner: User,
  recipients: Array<{ name: string; email?: string | null }>
) {
  const guid = newGuid()
  const saved = await submitPetition(client, owner, guid, {
    title: 'Sauvons le lavoir',
    target: 'Mairie de Lyon',
    published: true,
    targetSignatures: 100,
    letters: letterFor(recipients),
  })
  saved.assertStatus(302)
  const petition = await Petition.findByOrFail('guid', guid)
  await petition.merge({ supportCount: 150, lang: 'fr' }).save()
  return petition
}

function judge(client: ApiClient, moderator: User, recipientId: number, form: object) {
  return client
    .post(`/moderation/decision-makers/recipients/${recipientId}`)
    .form(form)
    .withCsrfToken()
    .loginAs(moderator)
    .redirects(0)
}

test.group('Decision makers are mailed only at addresses moderators approved', (group) => {
  group.each.setup(() => emptiedAfterwards())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('an unverified account cannot give a recipient an address: the error is under the field, in the page’s language', async ({
    assert,
    client,
  }) => {
    const unverified = await UserFactory.apply('unverified').create()
    for (const [host, message] of [
      [
        'undersign.test',
        "Confirm your own e-mail address first: only a verified account can give a recipient's address",
      ],
      [
        'fr.undersign.test',
        'Confirmez d’abord votre propre adresse e-mail\u00a0: seul un compte vérifié peut indiquer l’adresse d’un destinataire',
      ],
    ]) {
      const guid = newGuid()
      const response = await client
        .post(`/petition/${guid}/create`)
        .header('host', host)
        .json({
          title: 'Relay',
          target: 'Anyone',
          description: '<p>Spam</p>',
          targetSignatures: 100,
          topics: ['other'],
          milestones: [1],
          letters: letterFor([{ name: 'Victim', email: 'victim@example.org' }]),
        })
        .loginAs(unverified)
        .withCsrfToken()
        .redirects(0)
      assert.deepEqual(fieldErrors(response)['letters.0.recipients.0.email'], [message])
      assert.isNull(await Petition.findBy('guid', guid), 'nothing is saved')
    }
    assert.lengthOf(await LetterRecipient.all(), 0)
  })

  test('a new address is not mailed: it waits in the moderators’ queue with its petition, letter and name; approved, the milestone goes there', async ({
    assert,
    client,
  }) => {
    const owner = await makeMember({ firstName: 'Lucie', lastName: 'Martin' })
    const petition = await addressedPetition(client, owner, [
      { name: 'Jeanne Dupont', email: MAYOR },
    ])
    await deliverMilestone(petition.id)
    assert.lengthOf(await outbox.to(MAYOR), 0, 'nothing before a moderator approved it')
    const page = await client.get(`/petition/${petition.slug}`).withInertia()
    assert.equal(page.inertiaProps.decisionMakers[0].status, 'not_told')

    // The owner's form says it waits.
    const form = await client.get(`/petition/${petition.guid}/edit`).withInertia().loginAs(owner)
    assert.containSubset(form.inertiaProps.addressReviews, [{ email: MAYOR, status: 'pending' }])

    const moderator = await makeModerator()
    const queue = await client.get('/moderation/decision-makers').withInertia().loginAs(moderator)
    queue.assertStatus(200)
    const [pending] = queue.inertiaProps.pending
    assert.equal(queue.inertiaProps.pendingTotal, 1)
    assert.containSubset(pending, {
      email: MAYOR,
      name: 'Jeanne Dupont',
      letter: 'Madame la maire, protégez le lavoir.',
      petition: { id: petition.id, title: 'Sauvons le lavoir' },
      ownPetition: false,
    })
    const tab = await client.get('/moderation').withInertia().loginAs(moderator)
    assert.equal(tab.inertiaProps.decisionMakersToApprove, 1)

    ;(await judge(client, moderator, pending.id, { decision: 'approve' })).assertStatus(302)
    await PetitionChanged.handled()
    const [mail] = await outbox.to(MAYOR)
    assert.exists(mail, 'the approval delivers the milestone reached')
    const trail = await trailOfPetition(petition.id)
    assert.containSubset(trail, [{ action: 'decision_maker_approved', subject: MAYOR }])
    const after = await client.get(`/petition/${petition.slug}`).withInertia()
    assert.equal(after.inertiaProps.decisionMakers[0].status, 'awaiting')

    // The mail reads right in French: the greeting, the demand, its author, where to report.
    assert.include(mail.text!, 'Bonjour Jeanne Dupont,')
    assert.notInclude(mail.text!, 'Madame, Monsieur')
    assert.include(mail.text!, 'Ce qu’elles demandent\u00a0: Sauvons le lavoir')
    assert.include(mail.text!, 'Adressée à\u00a0: Mairie de Lyon')
    assert.include(mail.text!, 'Lucie Martin a lancé la pétition «\u00a0Sauvons le lavoir\u00a0»')
    assert.include(linkIn(mail.html, '#report'), `/petition/${petition.slug}#report`)
    // Its answer will be shown as sent through a link to this domain.
    assert.include(mail.text!, 'une adresse en mairie.example')
    assert.match(mail.headers, /List-Unsubscribe-Post: List-Unsubscribe=One-Click/)

    // Approved once for the whole site: another petition naming it is mailed without a new approval.
    const other = await addressedPetition(client, await makeMember(), [
      { name: 'Mme la maire', email: MAYOR },
    ])
    await deliverMilestone(other.id)
    assert.lengthOf(await outbox.to(MAYOR), 2)
  })

  test('a refused address is never mailed; the refusal needs a reason, which the owner is shown', async ({
    assert,
    client,
  }) => {
    const owner = await makeMember()
    const petition = await addressedPetition(client, owner, [
      { name: 'My neighbour', email: 'neighbour@home.example' },
    ])
    const moderator = await makeModerator()
    const [recipient] = await LetterRecipient.all()
    const withoutReason = await judge(client, moderator, recipient.id, { decision: 'refuse' })
    assert.property(fieldErrors(withoutReason), 'reason')
    assert.lengthOf(await DecisionMakerAddress.all(), 0)

    const refused = await judge(client, moderator, recipient.id, {
      decision: 'refuse',
      reason: 'A private address, not an office',
    })
    refused.assertStatus(302)
    await deliverMilestone(petition.id)
    assert.lengthOf(await outbox.to('neighbour@home.example'), 0)
    const form = await client.get(`/petition/${petition.guid}/edit`).withInertia().loginAs(owner)
    assert.containSubset(form.inertiaProps.addressReviews, [
      { status: 'refused', reason: 'A private address, not an office' },
    ])
    // Judged once: the queue no longer lists it, and judging it again changes nothing.
    const queue = await client.get('/moderation/decision-makers').withInertia().loginAs(moderator)
    assert.lengthOf(queue.inertiaProps.pending, 0)
    await judge(client, moderator, recipient.id, { decision: 'approve' })
    assert.equal(
      (await DecisionMakerAddress.findByOrFail('email', 'neighbour@home.example')).status,
      'refused'
    )
  })

  test('the directory: search, revoke (no more mails) and approve again, each audited', async ({
    assert,
    client,
  }) => {
    const owner = await makeMember()
    const petition = await addressedPetition(client, owner, [
      { name: 'Jeanne Dupont', email: MAYOR },
    ])
    const moderator = await makeModerator()
    const [recipient] = await LetterRecipient.all()
    await judge(client, moderator, recipient.id, { decision: 'approve' })
    await PetitionChanged.handled()
    assert.lengthOf(await outbox.to(MAYOR), 1)

    const found = await client
      .get('/moderation/decision-makers?q=DUPONT')
      .withInertia()
      .loginAs(moderator)
    assert.deepEqual(
      found.inertiaProps.directory.data.map((row: { email: string }) => row.email),
      [MAYOR]
    )
    const none = await client
      .get('/moderation/decision-makers?q=nobody%25')
      .withInertia()
      .loginAs(moderator)
    assert.lengthOf(none.inertiaProps.directory.data, 0)

    const entry = await DecisionMakerAddress.findByOrFail('email', MAYOR)
    const revoke = await client
      .post(`/moderation/decision-makers/${entry.id}`)
      .form({ decision: 'refuse', reason: 'She left office' })
      .withCsrfToken()
      .loginAs(moderator)
      .redirects(0)
    revoke.assertStatus(302)
    // The next milestone goes nowhere.
    await petition.merge({ supportCount: 1200, targetSignatures: 1000 }).save()
    await deliverMilestone(petition.id)
    assert.lengthOf(await outbox.to(MAYOR), 1)

    // Nobody but a moderator keeps the directory.
    const byMember = await client
      .post(`/moderation/decision-makers/${entry.id}`)
      .form({ decision: 'approve' })
      .withCsrfToken()
      .loginAs(owner)
      .redirects(0)
    byMember.assertStatus(403)
    assert.equal((await DecisionMakerAddress.findOrFail(entry.id)).status, 'refused')

    const log = await db.from('moderation_events').where('subject', MAYOR).orderBy('id')
    assert.deepEqual(
      log.map((row) => row.action),
      ['decision_maker_approved', 'decision_maker_revoked']
    )
  })

  test('nobody but a moderator sees or judges addresses; a moderator judges none on their own petition', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const member = await makeMember()
    await addressedPetition(client, moderator, [{ name: 'Jeanne Dupont', email: MAYOR }])
    const [recipient] = await LetterRecipient.all()

    ;(await client.get('/moderation/decision-makers')).assertStatus(404)
    ;(await client.get('/moderation/decision-makers').loginAs(member)).assertStatus(404)
    ;(await judge(client, member, recipient.id, { decision: 'approve' })).assertStatus(403)
    ;(await judge(client, moderator, recipient.id, { decision: 'approve' })).assertStatus(403)
    assert.lengthOf(await DecisionMakerAddress.all(), 0)
    const queue = await client.get('/moderation/decision-makers').withInertia().loginAs(moderator)
    assert.isTrue(queue.inertiaProps.pending[0].ownPetition)
  })

  test('a petition names at most 10 distinct addresses, and a recipient’s address changes at most 3 times a day', async ({
    assert,
    client,
  }) => {
    const owner = await makeMember()
    const guid = newGuid()
    // 11 distinct addresses over four letters of three recipients: the 11th is refused.
    const letters = Array.from({ length: 4 }, (_, letter) => ({
      payload: `Letter ${letter}`,
      recipients: Array.from({ length: 3 }, (__, row) => ({
        name: `Recipient ${letter}-${row}`,
        email: `office${Math.min(letter * 3 + row, 10)}@gov.example`,
      })),
    }))
    const crowded = await submitPetition(client, owner, guid, { letters })
    const errors = fieldErrors(crowded)
    // office0 … office10: the eleventh distinct address; the last one repeats it.
    assert.deepEqual(
      errors['letters.3.recipients.1.email'],
      ['A petition can name at most 10 different e-mail addresses'],
      JSON.stringify(errors)
    )
    assert.notProperty(errors, 'letters.3.recipients.2.email')
    assert.isNull(await Petition.findBy('guid', guid))

    // Three changes of one recipient's address in a day; the fourth is refused in Spanish.
    const saved = await submitPetition(client, owner, guid, {
      letters: letterFor([{ name: 'Ministra', email: 'a@gov.example' }]),
    })
    saved.assertStatus(302)
    for (const email of ['b@gov.example', 'c@gov.example']) {
      const [recipient] = await LetterRecipient.all()
      const changed = await submitPetition(client, owner, guid, {
        letters: letterFor([{ id: recipient.id, name: 'Ministra', email }], recipient.letterId),
      })
      changed.assertStatus(302)
    }
    const [recipient] = await LetterRecipient.all()
    const fourth = await client
      .post(`/petition/${guid}/create`)
      .header('host', 'es.undersign.test')
      .json({
        title: 'Save the Shevchenko park',
        target: 'Kyiv City Council',
        description: '<p>x</p>',
        targetSignatures: 1000,
        topics: ['environment'],
        letters: letterFor(
          [{ id: recipient.id, name: 'Ministra', email: 'd@gov.example' }],
          recipient.letterId
        ),
      })
      .loginAs(owner)
      .withCsrfToken()
      .redirects(0)
    assert.deepEqual(fieldErrors(fourth)['letters.0.recipients.0.email'], [
      'La dirección de este destinatario puede cambiar como máximo 3 veces al día. Vuelve a intentarlo mañana.',
    ])
    assert.equal((await LetterRecipient.findOrFail(recipient.id)).email, 'c@gov.example')
  })

  test('entering an approved address again, as a new recipient, never mails it twice for a milestone', async ({
    assert,
    client,
  }) => {
    const owner = await makeMember()
    const petition = await addressedPetition(client, owner, [
      { name: 'Jeanne Dupont', email: MAYOR },
    ])
    await approveAddresses(MAYOR)
    await deliverMilestone(petition.id)
    assert.lengthOf(await outbox.to(MAYOR), 1)
    for (const name of ['Jeanne', 'J. Dupont', 'La maire']) {
      // A new letter and recipient each time (no ids): the rows are new, the address is not.
      const saved = await submitPetition(client, owner, petition.guid, {
        title: 'Sauvons le lavoir',
        target: 'Mairie de Lyon',
        published: true,
        targetSignatures: 100,
        letters: letterFor([{ name, email: MAYOR }]),
      })
      saved.assertStatus(302)
      await PetitionChanged.handled()
      await deliverMilestone(petition.id)
    }
    assert.lengthOf(await outbox.to(MAYOR), 1)
  })
})
