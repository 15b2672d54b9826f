import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import i18nManager from '@adonisjs/i18n/services/main'
import { DateTime } from 'luxon'
import { ROLE_UNVERIFIED } from '#models/user'
import { makeMember, flashed } from '#tests/helpers/auth'
import { outbox, linkIn } from '#tests/helpers/outbox'
import { flushedCountsOf, signatureRows } from '#tests/helpers/signatures'
import type User from '#models/user'
import type { ApiClient } from '@japa/api-client'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const en = i18nManager.locale('en')

function mySignatures(client: ApiClient, member: User, page = 1) {
  return client.get(`/my/signatures?page=${page}`).withInertia().loginAs(member)
}

function act(client: ApiClient, member: User, id: number, action: 'withdraw' | 'resend') {
  return client
    .post(`/my/signatures/${id}/${action}`)
    .withCsrfToken()
    .loginAs(member)
    .header('referer', '/my/signatures')
    .redirects(0)
}

test.group('My signatures', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('guests are sent to log in', async ({ client }) => {
    const response = await client.get('/my/signatures').redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/login')
  })

  test('lists the member’s signatures by account and by verified address, and nobody else’s', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'olena@example.org' })
    const first = await PetitionFactory.apply('published')
      .merge({ title: 'Signed while logged in' })
      .with('user')
      .create()
    const second = await PetitionFactory.apply('published', 'withOpposition')
      .merge({ title: 'Signed as a guest' })
      .with('user')
      .create()
    const third = await PetitionFactory.apply('published')
      .merge({ title: 'Someone else’s' })
      .with('user')
      .create()
    await SignatureFactory.merge({
      petitionId: first.id,
      userId: member.id,
      email: member.email,
    }).create()
    await SignatureFactory.apply('opposing', 'anonymous', 'unconfirmed')
      .merge({ petitionId: second.id, email: 'Olena@Example.org' })
      .create()
    // A variant of the address (a +tag) is another person's as far as lists go.
    await SignatureFactory.merge({
      petitionId: third.id,
      email: 'olena+other@example.org',
    }).create()
    await SignatureFactory.merge({ petitionId: third.id, email: 'someone@example.org' }).create()

    const page = await mySignatures(client, member)
    page.assertInertiaComponent('My/Signatures')
    const { data, total } = page.inertiaProps.signatures
    assert.equal(total, 2)
    assert.deepEqual(
      data.map((row: any) => row.petition.title),
      ['Signed as a guest', 'Signed while logged in']
    )
    assert.containSubset(data[0], {
      support: false,
      private: true,
      confirmed: false,
      active: true,
      petition: { slug: second.slug, state: 'open', allowOpposite: true },
    })
    assert.containSubset(data[1], { support: true, private: false, confirmed: true })
    assert.notInclude(JSON.stringify(page.inertiaProps.signatures), '@example.org')
  })

  test('an unverified account sees only what it signed while logged in', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'ivan@example.org', role: ROLE_UNVERIFIED })
    const petition = await PetitionFactory.apply('published').with('user').create()
    await SignatureFactory.merge({ petitionId: petition.id, email: 'ivan@example.org' }).create()
    const page = await mySignatures(client, member)
    assert.equal(page.inertiaProps.signatures.total, 0)
  })

  test('shows each petition’s state and count, 20 signatures a page', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const finished = await PetitionFactory.apply('finished').with('user').create()
    const hidden = await PetitionFactory.with('user').create()
    await SignatureFactory.merge({
      petitionId: finished.id,
      userId: member.id,
      createdAt: DateTime.utc().minus({ days: 2 }),
    }).create()
    await SignatureFactory.merge({
      petitionId: hidden.id,
      userId: member.id,
      createdAt: DateTime.utc().minus({ days: 1 }),
    }).create()
    for (let index = 0; index < 20; index++) {
      const petition = await PetitionFactory.apply('published').with('user').create()
      await SignatureFactory.merge({ petitionId: petition.id, userId: member.id }).create()
    }

    const first = await mySignatures(client, member)
    assert.lengthOf(first.inertiaProps.signatures.data, 20)
    assert.equal(first.inertiaProps.signatures.total, 22)
    const second = await mySignatures(client, member, 2)
    const states = second.inertiaProps.signatures.data.map((row: any) => row.petition)
    assert.containSubset(states, [
      { state: 'unpublished', slug: null },
      { state: 'finished', slug: finished.slug },
    ])
  })

  test('withdrawing from the list deletes the signature and lowers the counts', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signature = await SignatureFactory.merge({
      petitionId: petition.id,
      userId: member.id,
    }).create()
    await member.merge({ signaturesCount: 1 }).save()
    // A confirmed signature recorded straight in the table: count it as signing would.
    await petition.merge({ supportCount: 1 }).save()

    const response = await act(client, member, signature.id, 'withdraw')
    response.assertStatus(302)
    assert.equal(
      flashed(response, 'messages', 'success'),
      en.t('page.withdraw.done_text', { title: petition.title })
    )
    assert.lengthOf(await signatureRows(petition), 0)
    assert.deepEqual(await flushedCountsOf(petition), { support: 0, oppose: 0 })
    await member.refresh()
    assert.equal(member.signaturesCount, 0)
  })

  test('another member’s signature can be neither withdrawn nor re-sent: 404, nothing changes', async ({
    client,
    assert,
  }) => {
    const member = await makeMember()
    const stranger = await makeMember()
    const petition = await PetitionFactory.apply('published').with('user').create()
    const theirs = await SignatureFactory.apply('unconfirmed')
      .merge({ petitionId: petition.id, userId: stranger.id })
      .create()

    for (const action of ['withdraw', 'resend'] as const) {
      const response = await act(client, member, theirs.id, action)
      response.assertStatus(404)
    }
    assert.lengthOf(await signatureRows(petition), 1)
    assert.lengthOf(await outbox.read(), 0)
  })

  test('an unconfirmed signature’s link is sent again, within the day’s allowance', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'olena@example.org' })
    const petition = await PetitionFactory.apply('published').with('user').create()
    const waiting = await SignatureFactory.apply('unconfirmed')
      .merge({
        petitionId: petition.id,
        email: 'olena@example.org',
        confirmationToken: 'a-token-of-22-chars-xx',
      })
      .create()

    // Two more a day after the one mailed at signing, as when signing again.
    const responses = []
    for (let attempt = 0; attempt < 3; attempt++) {
      responses.push(await act(client, member, waiting.id, 'resend'))
    }
    const mails = await outbox.to('olena@example.org')
    assert.lengthOf(mails, 2)
    assert.include(linkIn(mails[0].html, '/confirm'), `/signature/${waiting.id}/confirm`)
    assert.equal(flashed(responses[2], 'messages', 'warning'), en.t('page.sign.link_already_sent'))

    const other = await PetitionFactory.apply('published').with('user').create()
    const confirmed = await SignatureFactory.merge({
      petitionId: other.id,
      email: 'olena@example.org',
    }).create()
    const response = await act(client, member, confirmed.id, 'resend')
    assert.equal(
      flashed(response, 'messages', 'info'),
      en.t('page.my_signatures.already_confirmed')
    )
    assert.lengthOf(await outbox.to('olena@example.org'), 2)
  })
})
