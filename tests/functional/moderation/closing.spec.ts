import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import Petition from '#models/petition'
import { ROLE_MODERATOR } from '#models/user'
import { trailOfPetition } from '#services/moderation/audit_trail'
import { flashed, makeMember } from '#tests/helpers/auth'
import { submitPetition } from '#tests/helpers/petitions'
import { fieldErrors } from '#tests/helpers/validation'
import { makeModerator, moderate } from '#tests/helpers/moderation'
import { PetitionFactory } from '#database/factories/petition_factory'
import { outbox } from '#tests/helpers/outbox'

const CLOSED_BY_MODERATOR = 'A moderator closed this petition: only a moderator can reopen it'

const fresh = (petition: Petition) => Petition.findOrFail(petition.id)

test.group('Moderation: a petition closed by a moderator', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test("its owner cannot undo the moderator's close by saving the form with finished=false", async ({
    assert,
    client,
  }) => {
    const moderator = await makeMember({ role: ROLE_MODERATOR })
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    ;(
      await moderate(
        client,
        moderator,
        petition,
        'close',
        'Collects data for a scam',
        `/moderation/petitions/${petition.id}`
      )
    ).assertStatus(302)

    const reopening = await submitPetition(client, owner, petition.guid, {
      published: true,
      finished: false,
    })
    assert.isTrue((await fresh(petition)).finished, 'the owner reopened it')
    assert.deepEqual(fieldErrors(reopening).finished, [CLOSED_BY_MODERATOR])

    // In the language of the site.
    const german = await client
      .post(`/petition/${petition.guid}/create`)
      .header('host', 'de.undersign.test')
      .json({ title: 'Park', finished: false })
      .loginAs(owner)
      .withCsrfToken()
      .redirects(0)
    assert.deepEqual(fieldErrors(german).finished, [
      'Ein Moderator hat diese Petition geschlossen: Nur ein Moderator kann sie wieder öffnen',
    ])

    // Anything else still saves, the switch left as it is or not sent at all.
    for (const finished of [true, undefined]) {
      const saved = await submitPetition(client, owner, petition.guid, {
        title: `Renamed ${finished}`,
        finished,
      })
      assert.deepEqual(fieldErrors(saved), {})
      const after = await fresh(petition)
      assert.equal(after.title, `Renamed ${finished}`)
      assert.isTrue(after.finished)
    }
  })

  test('the form shows its owner that a moderator closed it, and why', async ({
    assert,
    client,
  }) => {
    const moderator = await makeMember({ role: ROLE_MODERATOR })
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    const edit = () => client.get(`/petition/${petition.guid}/edit`).loginAs(owner).withInertia()

    const before = await edit()
    assert.isNull(before.inertiaProps.moderatorClosure)

    await moderate(
      client,
      moderator,
      petition,
      'close',
      'Collects data for a scam',
      `/moderation/petitions/${petition.id}`
    )
    const after = await edit()
    after.assertInertiaComponent('Petition/Create')
    assert.equal(after.inertiaProps.moderatorClosure.reason, 'Collects data for a scam')
    assert.isString(after.inertiaProps.moderatorClosure.closedAt)
    // For a moderator's link to the page where it reopens.
    assert.equal(after.inertiaProps.moderatorClosure.petitionId, petition.id)
    assert.isTrue(after.inertiaProps.petition.finished)
  })

  test('a moderator cannot reopen it through the form either; the audited reopen action does', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    await moderate(
      client,
      moderator,
      petition,
      'close',
      'Collects data for a scam',
      `/moderation/petitions/${petition.id}`
    )

    const throughForm = await submitPetition(client, moderator, petition.guid, { finished: false })
    assert.deepEqual(fieldErrors(throughForm).finished, [CLOSED_BY_MODERATOR])
    assert.isTrue((await fresh(petition)).finished)

    // Only moderators reopen (404 for its owner, as every moderation route).
    ;(
      await moderate(
        client,
        owner,
        petition,
        'reopen',
        'I fixed it',
        `/moderation/petitions/${petition.id}`
      )
    ).assertStatus(404)
    ;(
      await moderate(
        client,
        moderator,
        petition,
        'reopen',
        ' ',
        `/moderation/petitions/${petition.id}`
      )
    ).assertStatus(302)
    assert.isTrue((await fresh(petition)).finished, 'reopened without a reason')

    const reopened = await moderate(
      client,
      moderator,
      petition,
      'reopen',
      'The owner explained it',
      `/moderation/petitions/${petition.id}`
    )
    reopened.assertStatus(302)
    assert.equal(reopened.header('location'), `/moderation/petitions/${petition.id}`)
    const after = await fresh(petition)
    assert.isFalse(after.finished)
    assert.isNull(after.finishedAt)
    assert.isNull(after.moderatorClosedAt)
    assert.isNull(after.moderatorClosedReason)
    assert.deepEqual(
      (await trailOfPetition(petition.id)).map((entry) => [
        entry.action,
        entry.actorName,
        entry.reason,
      ]),
      [
        ['petition_closed', 'Ines Roth', 'Collects data for a scam'],
        ['petition_reopened', 'Ines Roth', 'The owner explained it'],
      ]
    )

    // Open again, it is its owner's to finish and reopen.
    ;(await submitPetition(client, owner, petition.guid, { finished: true })).assertStatus(302)
    assert.isTrue((await fresh(petition)).finished)
    const byOwner = await submitPetition(client, owner, petition.guid, { finished: false })
    assert.deepEqual(fieldErrors(byOwner), {})
    assert.isFalse((await fresh(petition)).finished)
  })

  test("a petition its owner finished is theirs to reopen, until a moderator closes it; reopen undoes only a moderator's close", async ({
    assert,
    client,
  }) => {
    const moderator = await makeMember({ role: ROLE_MODERATOR })
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    await submitPetition(client, owner, petition.guid, { finished: true })
    const finishedAt = (await fresh(petition)).finishedAt

    // Not a moderator's close: nothing to reopen, nothing recorded.
    const nothing = await moderate(
      client,
      moderator,
      petition,
      'reopen',
      'Open it again',
      `/moderation/petitions/${petition.id}`
    )
    assert.equal(
      flashed(nothing, 'alerts', 'info'),
      'Nothing changed: the petition was already in that state.'
    )
    assert.isTrue((await fresh(petition)).finished)
    assert.lengthOf(await trailOfPetition(petition.id), 0)

    // A moderator's close of a finished petition takes it from its owner, its date kept.
    ;(
      await moderate(
        client,
        moderator,
        petition,
        'close',
        'Keeps being misused',
        `/moderation/petitions/${petition.id}`
      )
    ).assertStatus(302)
    const closed = await fresh(petition)
    assert.isNotNull(closed.moderatorClosedAt)
    assert.equal(closed.finishedAt?.toISO(), finishedAt?.toISO())
    const refused = await submitPetition(client, owner, petition.guid, { finished: false })
    assert.deepEqual(fieldErrors(refused).finished, [CLOSED_BY_MODERATOR])
    assert.isTrue((await fresh(petition)).finished)

    // Closing it twice changes nothing.
    const twice = await moderate(
      client,
      moderator,
      petition,
      'close',
      'Again',
      `/moderation/petitions/${petition.id}`
    )
    assert.equal(
      flashed(twice, 'alerts', 'info'),
      'Nothing changed: the petition was already in that state.'
    )
    assert.deepEqual(
      (await trailOfPetition(petition.id)).map((entry) => entry.action),
      ['petition_closed']
    )
  })

  test('its owner is mailed in their language, with the reason, once the close is stored', async ({
    assert,
    client,
  }) => {
    await outbox.clear()
    const moderator = await makeModerator()
    const owner = await makeMember({
      email: 'owner@example.org',
      locale: 'fr',
      firstName: 'Jeanne',
    })
    const petition = await PetitionFactory.merge({ userId: owner.id, title: 'Sauvons le lavoir' })
      .apply('published')
      .create()
    ;(await moderate(client, moderator, petition, 'close', 'Doublon de « Lavoir 2 »')).assertStatus(
      302
    )
    const [mail] = await outbox.to('owner@example.org')
    assert.exists(mail, 'the owner was not told')
    assert.equal(
      mail.subject,
      'Votre pétition « Sauvons le lavoir » a été close par les modérateurs'
    )
    assert.include(mail.text!, 'Leur motif\u00a0: Doublon de « Lavoir 2 »')
    assert.include(mail.text!, `/petition/${petition.slug}`)

    // Closing again changes nothing and mails nobody; reopening mails nobody either.
    await moderate(client, moderator, petition, 'close', 'Again')
    await moderate(client, moderator, petition, 'reopen', 'Not a duplicate after all')
    assert.lengthOf(await outbox.to('owner@example.org'), 1)
  })
})
