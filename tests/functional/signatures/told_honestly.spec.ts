import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import type Petition from '#models/petition'
import type User from '#models/user'
import SignatureInvalidation from '#models/signature_invalidation'
import { makeMember } from '#tests/helpers/auth'
import { makeModerator } from '#tests/helpers/moderation'
import { outbox } from '#tests/helpers/outbox'
import {
  confirmationPath,
  flushedCountsOf,
  sign,
  signatureRows,
  swalOf,
} from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'
import { forgetSigningRules } from '#runtime/caches/process_caches'

const TITLE = 'Keep the university library open at night'

/** What told a signer that a signature counts, before: never again. */
const COUNTS = /counts|counted/i

/** A moderator blocks a domain over HTTP, as on the rules page. */
async function blockDomain(client: ApiClient, moderator: User, domain: string) {
  const response = await client
    .post('/moderation/rules/domains')
    .form({ domain, reason: 'A wave of fake signatures' })
    .withCsrfToken()
    .loginAs(moderator)
    .redirects(0)
  response.assertStatus(302)
  forgetSigningRules()
}

/** A guest signs over HTTP; returns the signed cookie their browser keeps. */
async function guestSigns(client: ApiClient, petition: Petition, email: string) {
  const signed = await sign(client, petition, { email })
  signed.assertStatus(302)
  return signed.cookie('signed_petitions')!.value as Record<string, string>
}

/** The confirmation link of the row signed with `email`, pressed from the signer's browser. */
async function confirmFromMail(
  client: ApiClient,
  petition: Petition,
  email: string,
  cookie: unknown
) {
  const row = (await signatureRows(petition)).find((signature) => signature.email === email)!
  const response = await client
    .post(confirmationPath(row))
    .withCookie('signed_petitions', cookie)
    .withCsrfToken()
    .redirects(0)
  response.assertStatus(302)
  return row
}

/** The petition page as the signer's browser sees it: its props and its sign section's title. */
async function seenBy(client: ApiClient, petition: Petition, cookie: unknown) {
  const props = (
    await client
      .get(`/petition/${petition.slug}`)
      .withCookie('signed_petitions', cookie)
      .withInertia()
  ).inertiaProps
  const html = (
    await client.get(`/petition/${petition.slug}`).withCookie('signed_petitions', cookie)
  ).text()
  const title = html.match(/id="sign-this-petition-title"[^>]*>([^<]*)</)![1]
  return { mine: props.mySignature, title, html }
}

/** The last mail to an address, its links and names left out. */
async function lastMailTo(email: string) {
  const [mail] = await outbox.to(email)
  return { subject: mail.subject, text: mail.text ?? '' }
}

test.group('Signers are told nothing false about their signature', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    forgetSigningRules()
    await limiter.clear()
    await outbox.clear()
    return () => forgetSigningRules()
  })

  test('attack: a signer at a domain moderators blocked confirms and is told "confirmed" like anyone, never that it counts', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ title: TITLE })
      .with('user')
      .create()
    await blockDomain(client, await makeModerator(), 'uni.test')
    const crowd = await guestSigns(client, petition, 'ada@example.org')
    const student = await guestSigns(client, petition, 'bob@cs.uni.test')
    await confirmFromMail(client, petition, 'ada@example.org', crowd)
    await confirmFromMail(client, petition, 'bob@cs.uni.test', student)

    // The page: the same state, title and count for both; not a word that it counts.
    const [counted, stopped] = [
      await seenBy(client, petition, crowd),
      await seenBy(client, petition, student),
    ]
    // No receipt yet for either: the log takes counted signatures with the next flush.
    assert.deepEqual(counted.mine, { status: 'confirmed', guest: true, receipt: null })
    assert.deepEqual(stopped.mine, counted.mine)
    assert.equal(stopped.title, 'Your signature is confirmed')
    assert.equal(counted.title, stopped.title)
    for (const { html } of [counted, stopped]) assert.include(html, 'data-testid="counted-total"')
    assert.notMatch(stopped.html, /Your signature counts|now counts/)

    // The mails: the same subject and words, with the count; neither says it counts.
    const [toCrowd, toStudent] = [
      await lastMailTo('ada@example.org'),
      await lastMailTo('bob@cs.uni.test'),
    ]
    assert.equal(toStudent.subject, `Your signature is confirmed: ${TITLE}`)
    assert.equal(toCrowd.subject, toStudent.subject)
    for (const mail of [toCrowd, toStudent]) {
      assert.notMatch(`${mail.subject} ${mail.text}`, COUNTS)
      assert.match(mail.text, /The petition has \d+ supporters? so far; its goal is/)
    }
    // And the count did not move for the stopped one: only the crowd's counts.
    assert.deepEqual(await flushedCountsOf(petition), { support: 1, oppose: 0 })
  })

  test('a verified member at a blocked domain is thanked as any member: confirmed, not counted', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ title: TITLE })
      .with('user')
      .create()
    await blockDomain(client, await makeModerator(), 'uni.test')
    const stopped = await sign(client, petition, {}, await makeMember({ email: 'cy@uni.test' }))
    const counted = await sign(client, petition, {}, await makeMember({ email: 'di@example.org' }))
    assert.deepEqual(swalOf(stopped), swalOf(counted))
    assert.include(swalOf(stopped).success!.payload, 'is confirmed')
    assert.notMatch(JSON.stringify(swalOf(stopped)), COUNTS)
  })

  test('attack: a signature invalidated before its confirmation is told so, with the reason, on both pages and by mail', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ title: TITLE })
      .with('user')
      .create()
    const moderator = await makeModerator()
    const bot = await guestSigns(client, petition, 'bot1@example.net')
    await guestSigns(client, petition, 'bot2@example.net')
    // The moderator counts the unconfirmed ones, then invalidates exactly those.
    const shown = await client
      .get(`/moderation/petitions/${petition.id}?unconfirmed=1`)
      .loginAs(moderator)
      .withInertia()
    const invalidated = await client
      .post(`/moderation/petitions/${petition.id}/invalidations`)
      .header('referer', `/moderation/petitions/${petition.id}`)
      .form({
        unconfirmed: true,
        upToId: shown.inertiaProps.invalidation.count.upToId,
        reason: 'Signed by a script from one network',
      })
      .withCsrfToken()
      .loginAs(moderator)
      .redirects(0)
    invalidated.assertStatus(302)

    // The link's page, before the button: when and why.
    const row = (await signatureRows(petition)).find((one) => one.email === 'bot2@example.net')!
    const linkPage = await client.get(confirmationPath(row)).withInertia()
    assert.containSubset(linkPage.inertiaProps.removal, {
      reason: 'Signed by a script from one network',
    })

    // Confirmed: the page says it was removed, with the reason.
    await confirmFromMail(client, petition, 'bot1@example.net', bot)
    const { mine, title, html } = await seenBy(client, petition, bot)
    assert.containSubset(mine, {
      status: 'removed',
      confirmed: true,
      reason: 'Signed by a script from one network',
    })
    assert.equal(title, 'Your signature was removed')
    assert.include(html, 'Their reason: Signed by a script from one network')

    // The mail says the same, never that it counts.
    const mail = await lastMailTo('bot1@example.net')
    assert.equal(mail.subject, `Your signature was removed by moderators: ${TITLE}`)
    assert.include(mail.text, 'Their reason: Signed by a script from one network')
    assert.include(mail.text, 'it does not count')
    assert.notMatch(mail.subject, COUNTS)
    assert.deepEqual(await flushedCountsOf(petition), { support: 0, oppose: 0 })
  })

  test('My signatures says which of a member’s signatures count, and why not', async ({
    client,
    assert,
  }) => {
    const member = await makeMember({ email: 'eve@example.org' })
    const mine = { userId: member.id, email: member.email }
    const petition = (title: string) =>
      PetitionFactory.apply('published').merge({ title }).with('user').create()
    const [counts, stopped, removed, switchedOff] = await Promise.all(
      ['Counts', 'Stopped', 'Removed', 'Switched off'].map(petition)
    )
    await SignatureFactory.merge({ ...mine, petitionId: counts.id }).create()
    await SignatureFactory.merge({
      ...mine,
      petitionId: stopped.id,
      active: false,
      blockedRule: 'blocked_domain',
    }).create()
    const invalidation = await SignatureInvalidation.create({
      petitionId: removed.id,
      actorName: 'A moderator',
      reason: 'A burst',
      filter: {
        network: null,
        domain: 'example.org',
        from: null,
        to: null,
        unconfirmed: false,
        upToId: null,
      },
      signatures: 1,
      supportRemoved: 1,
      opposeRemoved: 0,
    })
    await SignatureFactory.merge({
      ...mine,
      petitionId: removed.id,
      active: false,
      invalidationId: invalidation.id,
    }).create()
    await SignatureFactory.apply('inactive')
      .merge({ ...mine, petitionId: switchedOff.id })
      .create()

    const page = await client.get('/my/signatures').loginAs(member).withInertia()
    const rows: Array<{ petition: { title: string }; notCounted: string | null }> =
      page.inertiaProps.signatures.data
    assert.deepEqual(Object.fromEntries(rows.map((row) => [row.petition.title, row.notCounted])), {
      'Counts': null,
      'Stopped': 'stopped',
      'Removed': 'removed',
      'Switched off': 'deactivated',
    })
    const html = (await client.get('/my/signatures').loginAs(member))
      .text()
      .replaceAll('&#x27;', "'")
    assert.include(html, "Removed by the site's moderators: it does not count")
    assert.include(html, "Deactivated by the petition's author: it does not count")
    assert.include(html, '>It does not count<')
  })
})
