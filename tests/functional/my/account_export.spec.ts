import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { DateTime } from 'luxon'
import NewsletterSubscription from '#models/newsletter_subscription'
import ContactMessage from '#models/contact_message'
import PetitionMedia from '#models/petition_media'
import { allowedRequests } from '#config/rate_limits'
import { makeMember } from '#tests/helpers/auth'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'
import PaperSignatureBatch from '#models/paper_signature_batch'
import PetitionHandover from '#models/petition_handover'

function download(client: any, member: any) {
  return client.get('/my/account/export').loginAs(member).redirects(0)
}

test.group('Download my data', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('guests are sent to /login', async ({ client }) => {
    const response = await client.get('/my/account/export').redirects(0)
    response.assertHeader('location', '/login')
  })

  test('one JSON file to save, never cached', async ({ client, assert }) => {
    const member = await makeMember()
    const response = await download(client, member)
    response.assertStatus(200)
    assert.match(response.header('content-type')!, /^application\/json/)
    assert.match(
      response.header('content-disposition')!,
      /^attachment; filename="undersign-account-\d{4}-\d{2}-\d{2}\.json"$/
    )
    assert.equal(response.header('cache-control'), 'no-store')
    assert.doesNotThrow(() => JSON.parse(response.text()))
  })

  test("it holds the member's data and nobody else's", async ({ client, assert }) => {
    const member = await makeMember({
      firstName: 'Olena',
      lastName: 'Koval',
      nickName: 'olenka',
      email: 'olena@example.com',
      githubId: 'gh-secret-42',
    })
    const stranger = await makeMember({ firstName: 'Mallory', email: 'mallory@example.com' })

    // The member's petition, with every part, and a draft.
    const petition = await PetitionFactory.apply('published', 'withEverySection')
      .merge({ title: 'Save the Shevchenko park', allowComments: true, userId: member.id })
      .with('updates', 1, (update) =>
        update.merge({
          title: 'Delivered',
          happenedOn: DateTime.fromISO('2024-05-01'),
          description: 'Done',
        })
      )
      .create()
    await PetitionFactory.merge({ title: 'A draft of Olena', userId: member.id }).create()
    // What the campaign did offline: a verified paper batch and a hand-over.
    await PaperSignatureBatch.create({
      petitionId: petition.id,
      recordedBy: member.id,
      signatures: 80,
      place: 'Podil market',
      collectedOn: DateTime.fromISO('2024-04-20'),
      photoPath: 'private/paper/sheets.jpg',
      status: 'verified',
      decisionReason: 'Counted on the photo',
    })
    await PetitionHandover.create({
      petitionId: petition.id,
      recordedBy: member.id,
      recipient: 'Kyiv City Council',
      handedOverOn: DateTime.fromISO('2024-05-02'),
      place: 'Khreshchatyk 36',
      photoPath: null,
    })
    await PetitionMedia.create({
      petitionGuid: '00000000-0000-4000-8000-000000000001',
      userId: member.id,
      type: 'photo',
      driver: 'fs',
      url: '/uploads/petitions/pending.jpg',
      path: 'petitions/pending.jpg',
    })
    // Others sign the member's petition: their signatures are theirs.
    await SignatureFactory.merge({
      petitionId: petition.id,
      email: 'signer@example.org',
      firstName: 'Taras',
      comment: 'A stranger comment',
    }).create()
    await SignatureFactory.merge({
      petitionId: petition.id,
      email: stranger.email,
      userId: stranger.id,
    }).create()
    // The member signs another person's petition, answering its field.
    const other = await PetitionFactory.apply('published')
      .merge({ title: 'The stranger petition', userId: stranger.id })
      .with('customFields')
      .create()
    const [district] = other.customFields
    await SignatureFactory.merge({
      petitionId: other.id,
      email: 'olena@example.com',
      userId: member.id,
      comment: 'Olena agrees',
      customFieldsData: { [String(district.id)]: 'Podil' },
      wantsUpdates: true,
      country: 'UA',
      postalCode: '04070',
    }).create()
    await SignatureFactory.merge({
      petitionId: other.id,
      email: 'someone@example.org',
      comment: 'Not Olena',
    }).create()

    await NewsletterSubscription.create({
      email: 'olena@example.com',
      locale: 'uk',
      confirmedAt: DateTime.now(),
      unsubscribedAt: null,
    })
    await NewsletterSubscription.create({
      email: 'mallory@example.com',
      locale: 'en',
      confirmedAt: DateTime.now(),
      unsubscribedAt: null,
    })
    await ContactMessage.create({
      userId: member.id,
      name: 'Olena Koval',
      email: 'olena@example.com',
      subject: 'A question',
      message: 'How do I hand the signatures over?',
      locale: 'uk',
    })
    await ContactMessage.create({
      userId: stranger.id,
      name: 'Mallory',
      email: 'mallory@example.com',
      subject: 'Spam',
      message: 'Not Olena at all',
      locale: 'en',
    })

    await member.refresh()
    const response = await download(client, member)
    const data = JSON.parse(response.text())

    assert.containSubset(data.account, {
      firstName: 'Olena',
      lastName: 'Koval',
      nickName: 'olenka',
      email: 'olena@example.com',
      role: 'member',
      hasPassword: true,
      linkedProviders: ['github'],
    })

    assert.sameMembers(
      data.petitions.map((item: { title: string }) => item.title),
      ['Save the Shevchenko park', 'A draft of Olena']
    )
    const park = data.petitions.find((item: any) => item.title === 'Save the Shevchenko park')
    assert.equal(park.url, `http://undersign.test:3334/petition/${petition.slug}`)
    assert.deepEqual(park.letters, [
      {
        text: 'Dear members of the council,\nplease keep the park.',
        recipients: [{ name: 'Ivan Petrenko', designation: 'Mayor', email: null }],
      },
    ])
    assert.containSubset(park.updates, [{ title: 'Delivered', happenedOn: '2024-05-01' }])
    assert.containSubset(park.customFields, [{ title: 'District', required: true }])
    assert.containSubset(park.media, [{ type: 'banner', url: '/banner-templates/forest.jpg' }])
    assert.notProperty(park, 'signatures')
    assert.deepEqual(park.paperBatches, [
      {
        signatures: 80,
        place: 'Podil market',
        collectedOn: '2024-04-20',
        status: 'verified',
        decisionReason: 'Counted on the photo',
        createdAt: park.paperBatches[0].createdAt,
      },
    ])
    assert.containSubset(park.handovers, [
      { recipient: 'Kyiv City Council', handedOverOn: '2024-05-02', place: 'Khreshchatyk 36' },
    ])
    // The sheets' photo shows other people's names: it is not the owner's data to take.
    assert.notInclude(JSON.stringify(data), 'private/paper')
    assert.containSubset(data.pendingUploads, [{ type: 'photo' }])

    assert.lengthOf(data.signatures, 1)
    assert.containSubset(data.signatures[0], {
      petition: { title: 'The stranger petition' },
      email: 'olena@example.com',
      comment: 'Olena agrees',
      country: 'UA',
      postalCode: '04070',
      supports: true,
      wantsUpdates: true,
      answers: { District: 'Podil' },
    })
    assert.containSubset(data.newsletter, { email: 'olena@example.com', subscribed: true })
    assert.deepEqual(
      data.contactMessages.map((message: { subject: string }) => message.subject),
      ['A question']
    )

    // Nothing of anyone else, and no secret of the member.
    const text = response.text()
    for (const foreign of [
      'signer@example.org',
      'Taras',
      'A stranger comment',
      'mallory@example.com',
      'someone@example.org',
      'Not Olena',
      'gh-secret-42',
      member.password!,
    ]) {
      assert.notInclude(text, foreign)
    }
    for (const secret of ['password', 'githubId', 'googleId', 'emailNormalized', 'token']) {
      assert.notInclude(text, `"${secret}"`)
    }
  })

  test('a member without anything gets an empty export, not an error', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ password: null, googleId: 'g-1' })
    const data = JSON.parse((await download(client, member)).text())
    assert.deepEqual(data.petitions, [])
    assert.deepEqual(data.signatures, [])
    assert.isNull(data.newsletter)
    assert.isFalse(data.account.hasPassword)
    assert.deepEqual(data.account.linkedProviders, ['google'])
  })

  test('an account that never proved its address learns nothing of that address', async ({
    client,
    assert,
  }) => {
    // Someone registered the victim's address; the victim subscribed and signed with it.
    const account = await makeMember({ email: 'victim@corp.org', role: 0 })
    await NewsletterSubscription.create({
      email: 'victim@corp.org',
      locale: 'en',
      confirmedAt: DateTime.now(),
      unsubscribedAt: null,
    })
    const petition = await PetitionFactory.apply('published').with('user').create()
    await SignatureFactory.merge({
      petitionId: petition.id,
      email: 'victim@corp.org',
      comment: 'The real owner',
    }).create()

    const data = JSON.parse((await download(client, account)).text())
    assert.isNull(data.newsletter, 'no newsletter status of an address it never proved')
    assert.deepEqual(data.signatures, [], 'no signature made with that address')
    assert.notInclude(JSON.stringify(data), 'The real owner')
  })

  test('downloads are rate-limited per member', async ({ client }) => {
    const member = await makeMember()
    for (let index = 0; index < allowedRequests('accountExport'); index++) {
      ;(await download(client, member)).assertStatus(200)
    }
    ;(await download(client, member)).assertStatus(429)
    ;(await download(client, await makeMember())).assertStatus(200)
  })
})
