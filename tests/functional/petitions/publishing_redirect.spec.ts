import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Petition from '#models/petition'
import { makeMember } from '#tests/helpers/auth'
import { newGuid, submitPetition } from '#tests/helpers/petitions'
import { PetitionFactory } from '#database/factories/petition_factory'

/**
 * The save that publishes a petition lands on its live page with a
 * first-share panel, told by a one-shot flash (never by the URL, which
 * could be shared); an edit of a published petition lands on its page
 * without the panel; a draft's save returns to its form.
 */
test.group('Publishing lands on the live page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('publishing a draft redirects to its page, whose first view offers the share panel once', async ({
    client,
    assert,
  }) => {
    const owner = await makeMember()
    const guid = newGuid()
    await submitPetition(client, owner, guid)
    await submitPetition(client, owner, guid, { published: false })
    const draft = await Petition.findByOrFail('guid', guid)
    assert.isFalse(draft.published)

    const published = await submitPetition(client, owner, guid, { published: true })
    published.assertStatus(302)
    published.assertHeader('location', `/petition/${draft.slug}`)
    assert.notInclude(published.header('location'), '?')
    assert.equal(published.flashMessages()?.petitionPage, 'petitionPublished')

    // The page the redirect leads to shows the panel; the flash is gone after it.
    const page = await client
      .get(`/petition/${draft.slug}`)
      .withInertia()
      .loginAs(owner)
      .withFlashMessages({ petitionPage: 'petitionPublished' })
    page.assertInertiaComponent('Petition/Show')
    assert.isTrue(page.inertiaProps.justPublished)
    const again = await client.get(`/petition/${draft.slug}`).withInertia().loginAs(owner)
    assert.isFalse(again.inertiaProps.justPublished)
  })

  test('saving a petition that is already published lands on its page; keeping a draft returns to the form', async ({
    client,
    assert,
  }) => {
    const owner = await makeMember()
    const guid = newGuid()
    await submitPetition(client, owner, guid)

    const edited = await submitPetition(client, owner, guid, { title: 'Save the park, edited' })
    edited.assertStatus(302)
    const { slug } = await Petition.findByOrFail('guid', guid)
    edited.assertHeader('location', `/petition/${slug}`)
    assert.isUndefined(edited.flashMessages()?.petitionPage)

    const unpublished = await submitPetition(client, owner, guid, { published: false })
    unpublished.assertHeader('location', `/petition/${guid}/edit`)
    const stillDraft = await submitPetition(client, owner, guid, { published: false })
    stillDraft.assertHeader('location', `/petition/${guid}/edit`)
    assert.isUndefined(stillDraft.flashMessages()?.petitionPage)
  })

  test('the panel is its owner’s only: a visitor given the flash sees no panel', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const visitor = await makeMember()
    const page = await client
      .get(`/petition/${petition.slug}`)
      .withInertia()
      .loginAs(visitor)
      .withFlashMessages({ petitionPage: 'petitionPublished' })
    assert.isFalse(page.inertiaProps.justPublished)
  })
})
