import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import type { ApiClient } from '@japa/api-client'
import type Petition from '#models/petition'
import { ROLE_UNVERIFIED } from '#models/user'
import { flashed, makeMember } from '#tests/helpers/auth'
import { outbox } from '#tests/helpers/outbox'
import { confirmationPath, sign, signatureRows } from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'

const ADDRESS = 'Olena.Koval+park@example.org'

/** A guest signs; returns the signed cookie's value their browser keeps. */
async function guestSigns(client: ApiClient, petition: Petition, email = ADDRESS) {
  const signed = await sign(client, petition, { email })
  const cookie = signed.cookie('signed_petitions')
  if (!cookie) throw new Error('no signed_petitions cookie')
  return cookie.value as Record<string, string>
}

function pageWith(client: ApiClient, petition: Petition, cookie?: unknown) {
  const request = client.get(`/petition/${petition.slug}`).withInertia()
  return cookie ? request.withCookie('signed_petitions', cookie) : request
}

function post(
  client: ApiClient,
  petition: Petition,
  action: 'resend' | 'discard',
  cookie?: unknown
) {
  const request = client
    .post(`/petition/${petition.guid}/sign/${action}`)
    .withCsrfToken()
    .redirects(0)
  return cookie ? request.withCookie('signed_petitions', cookie) : request
}

/**
 * After signing, the page is honest: waiting for the confirmation (with the
 * address, told to the browser that signed only), "Send it again", "Wrong
 * address?"; then "Your signature is confirmed".
 */
test.group('A signature waiting for confirmation, on the petition page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('the browser that signed sees the waiting state with its address; nobody else does', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const cookie = await guestSigns(client, petition)

    const mine = await pageWith(client, petition, cookie)
    assert.deepEqual(mine.inertiaProps.mySignature, {
      status: 'pending',
      email: ADDRESS,
      guest: true,
    })
    assert.isFalse(mine.inertiaProps.canSignPetition)

    // Another browser, in HTML and as Inertia JSON: not a trace of the address.
    const html = await client.get(`/petition/${petition.slug}`)
    assert.notInclude(html.text().toLowerCase(), 'olena.koval')
    const json = await pageWith(client, petition)
    assert.isNull(json.inertiaProps.mySignature)
    assert.notInclude(JSON.stringify(json.body()).toLowerCase(), 'olena.koval')

    // A member, even one with the same mailbox but not verified: nothing.
    const member = await makeMember({ email: 'olena.koval@example.org', role: ROLE_UNVERIFIED })
    const asMember = await pageWith(client, petition).loginAs(member)
    assert.isNull(asMember.inertiaProps.mySignature)
    // Their own address is on the page (their account); the signer's, with its tag, is not.
    assert.notInclude(JSON.stringify(asMember.body()).toLowerCase(), '+park')
  })

  test('attack: a cookie naming someone else’s signature without its key shows and changes nothing', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await guestSigns(client, petition)
    const [row] = await signatureRows(petition)
    // The test client signs cookies with the app's key: an attacker could not even do that.
    for (const forged of [
      { [petition.id]: `s:${row.id}:AAAAAAAAAAAAAAAA` },
      { [petition.id]: `s:${row.id}:` },
      { [petition.id]: String(row.confirmation_token) },
    ]) {
      const page = await pageWith(client, petition, forged)
      assert.isNull(page.inertiaProps.mySignature)
      assert.notInclude(JSON.stringify(page.body()).toLowerCase(), 'olena.koval')
      ;(await post(client, petition, 'resend', forged)).assertStatus(404)
      ;(await post(client, petition, 'discard', forged)).assertStatus(404)
    }
    assert.lengthOf(await signatureRows(petition), 1)
    assert.lengthOf(await outbox.to(ADDRESS), 1)
  })

  test('attack: a cookie of one petition does not reach a signature through another petition', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const other = await PetitionFactory.apply('published').with('user').create()
    const cookie = await guestSigns(client, petition)
    // The entry moved under the other petition's id.
    const moved = { [other.id]: cookie[String(petition.id)] }
    const page = await pageWith(client, other, moved)
    assert.isNull(page.inertiaProps.mySignature)
    ;(await post(client, other, 'discard', moved)).assertStatus(404)
    assert.lengthOf(await signatureRows(petition), 1)
  })

  test('once someone else replaces it with the same mailbox, the first browser sees nothing of theirs', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const first = await guestSigns(client, petition, 'olena@example.org')
    await sign(client, petition, { email: 'Olena+other@example.org', firstName: 'Mallory' })
    const page = await pageWith(client, petition, first)
    assert.isNull(page.inertiaProps.mySignature)
    assert.isTrue(page.inertiaProps.canSignPetition)
    assert.notInclude(JSON.stringify(page.body()), 'Olena+other')
    ;(await post(client, petition, 'discard', first)).assertStatus(404)
    assert.lengthOf(await signatureRows(petition), 1)
  })

  test('"Send it again" mails the same link again, within the day’s allowance', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const cookie = await guestSigns(client, petition)
    const again = await post(client, petition, 'resend', cookie)
    again.assertStatus(302)
    assert.include(flashed(again, 'messages', 'success'), ADDRESS)
    const mails = await outbox.to(ADDRESS)
    assert.lengthOf(mails, 2)
    await post(client, petition, 'resend', cookie)
    // Three links a day per address and petition: the fourth is refused with a word.
    const refused = await post(client, petition, 'resend', cookie)
    assert.isDefined(flashed(refused, 'messages', 'warning'))
    assert.lengthOf(await outbox.to(ADDRESS), 3)
    // Without the cookie there is no signature of theirs to send.
    ;(await post(client, petition, 'resend')).assertStatus(404)
  })

  test('"Wrong address?" withdraws the waiting signature, its link stops working, the form is back', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const cookie = await guestSigns(client, petition, 'olena@exampel.org')
    const [row] = await signatureRows(petition)

    const discarded = await post(client, petition, 'discard', cookie)
    discarded.assertStatus(302)
    assert.isDefined(flashed(discarded, 'messages', 'info'))
    assert.lengthOf(await signatureRows(petition), 0)
    const forgotten = discarded.cookie('signed_petitions')?.value ?? {}
    assert.notProperty(forgotten, String(petition.id))
    const page = await pageWith(client, petition, forgotten)
    assert.isTrue(page.inertiaProps.canSignPetition)
    assert.isNull(page.inertiaProps.mySignature)

    const oldLink = await client.post(confirmationPath(row)).withCsrfToken().redirects(0)
    assert.isDefined(flashed(oldLink, 'messages', 'error'))
    // Signing again with the right address works at once.
    await sign(client, petition, { email: 'olena@example.org' })
    assert.lengthOf(await signatureRows(petition), 1)
  })

  test('after confirming, the page says the signature is confirmed, even in the browser that opened the link', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ targetSignatures: 10 })
      .with('user')
      .create()
    const cookie = await guestSigns(client, petition)
    const [row] = await signatureRows(petition)
    // Another browser (a phone's mail app) opens the link: it is remembered there too.
    const confirmed = await client.post(confirmationPath(row)).withCsrfToken().redirects(0)
    const phone = confirmed.cookie('signed_petitions')?.value
    for (const browser of [cookie, phone]) {
      const page = await pageWith(client, petition, browser)
      assert.deepEqual(page.inertiaProps.mySignature, {
        status: 'confirmed',
        guest: true,
        receipt: null,
      })
      assert.notInclude(JSON.stringify(page.body()).toLowerCase(), 'olena.koval')
    }
    // A confirmed signature is not withdrawn by "Wrong address?".
    ;(await post(client, petition, 'discard', cookie)).assertStatus(302)
    assert.lengthOf(await signatureRows(petition), 1)
  })

  test('an unverified member sees their own address waiting, without "Wrong address?"', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const member = await makeMember({ role: ROLE_UNVERIFIED })
    await sign(client, petition, {}, member)
    const page = await pageWith(client, petition).loginAs(member)
    assert.deepEqual(page.inertiaProps.mySignature, {
      status: 'pending',
      email: member.email,
      guest: false,
    })
    const again = await post(client, petition, 'resend').loginAs(member)
    again.assertStatus(302)
    assert.lengthOf(await outbox.to(member.email), 2)
    // Another member has no signature here to act on.
    const other = await makeMember()
    ;(await post(client, petition, 'resend').loginAs(other)).assertStatus(404)
  })

  test('malformed cookies and bodies never crash the page or its two routes', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await guestSigns(client, petition)
    const id = String(petition.id)
    const cookies: unknown[] = [
      'not an object',
      ['s:1:AAAAAAAAAAAAAAAA'],
      { [id]: { nested: ['s:1:AAAAAAAAAAAAAAAA'] } },
      { [id]: 's:99999999999999999999999:AAAAAAAAAAAAAAAA' },
      { [id]: 's:1:\u0000\ud800AAAAAAAAAAAAAA' },
      { [id]: 'x'.repeat(3000) },
      { ['__proto__']: { [id]: 's:1:AAAAAAAAAAAAAAAA' } },
      { [id]: null },
    ]
    for (const cookie of cookies) {
      const page = await pageWith(client, petition, cookie)
      assert.isBelow(page.status(), 500)
      for (const action of ['resend', 'discard'] as const) {
        const response = await post(client, petition, action, cookie).json({
          __proto__: { admin: true },
          email: ['x'],
        })
        assert.include([302, 404], response.status(), `${action} ${JSON.stringify(cookie)}`)
      }
    }
    assert.lengthOf(await signatureRows(petition), 1)
  })

  test('a draft’s routes answer 404 to anyone but its owner', async ({ client }) => {
    const draft = await PetitionFactory.with('user').create()
    ;(await post(client, draft, 'resend')).assertStatus(404)
    ;(await post(client, draft, 'discard')).assertStatus(404)
  })
})
