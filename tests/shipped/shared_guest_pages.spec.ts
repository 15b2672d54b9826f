import { test } from '@japa/runner'
import { pageInHtml, type Reply } from '#tests/shipped/support/visitor'
import { shippedDb, visitor } from '#tests/shipped/support/shipped_app'
import { createPetition, verifiedMember } from '#tests/shipped/support/journeys'

const SIGNATURE = {
  firstName: 'Ana',
  lastName: 'Lima',
  country: 'PT',
  support: true,
  customFields: [],
}

/** Whether a reply may be kept by a shared cache: public, varying by X-Inertia, without cookies. */
function sharedByCaches(reply: Reply) {
  return (
    /^public, s-maxage=1\b/.test(String(reply.headers['cache-control'])) &&
    /\bx-inertia\b/i.test(String(reply.headers.vary)) &&
    reply.headers['set-cookie'] === undefined
  )
}

/** Whether a reply is this visitor's only: kept by no cache. */
const privateReply = (reply: Reply) => reply.headers['cache-control'] === 'private, no-store'

/** The CSRF secret's cookie of a site served over https (support/http/csrf). */
const CSRF_SECRET_COOKIE = '__Host-undersign-csrf'

test.group('Shipped: one rendering of a petition page for every guest', () => {
  test('guests get the same page, byte for byte, with the same policy', async ({ assert }) => {
    const owner = await verifiedMember('shared-owner@example.org')
    const { slug } = await createPetition(owner)
    const pages = []
    for (let index = 0; index < 4; index++)
      pages.push((await visitor().open(`/petition/${slug}`)).reply)

    for (const reply of pages) {
      assert.isTrue(sharedByCaches(reply), 'a guest page a shared cache may keep')
    }
    // What a cache keeps is what the app would have sent anyone (the policy: cached_pages_csp).
    assert.lengthOf(new Set(pages.map((reply) => reply.text())), 1)
    assert.lengthOf(new Set(pages.map((reply) => reply.headers['content-security-policy'])), 1)

    // Inertia visits: the same page object for guests, the member's own for a member.
    const guest = visitor()
    await guest.open(`/petition/${slug}`)
    const guestVisit = await guest.send('GET', `/petition/${slug}`, { inertia: true })
    assert.isTrue(sharedByCaches(guestVisit), 'an Inertia visit a shared cache may keep')
    assert.isTrue(privateReply(await owner.send('GET', `/petition/${slug}`, { inertia: true })))
    const [first, second] = [
      await visitor().visit(`/petition/${slug}`),
      await visitor().visit(`/petition/${slug}`),
    ]
    assert.deepEqual(first, second)
    assert.isNull(first.props.user)
    assert.equal(
      (await owner.visit(`/petition/${slug}`)).props.user?.email,
      'shared-owner@example.org'
    )

    // Another language is its own page.
    const spanish = pageInHtml((await visitor('es').open(`/petition/${slug}`)).reply.text())
    assert.equal(spanish.props.appLocale, 'es')
  })

  test('a member, a guest with errors to see and a guest who signed each get their own page', async ({
    assert,
  }) => {
    const owner = await verifiedMember('own-page-owner@example.org')
    const { guid, slug } = await createPetition(owner)
    await visitor().open(`/petition/${slug}`)

    const forOwner = pageInHtml((await owner.open(`/petition/${slug}`)).reply.text())
    assert.equal(forOwner.props.user?.email, 'own-page-owner@example.org')
    assert.isTrue(forOwner.props.canEditPetition)

    // A sign form sent back with an error: the page that shows it is this guest's only.
    const mistaken = visitor()
    await mistaken.open(`/petition/${slug}`)
    const refused = await mistaken.send('POST', `/petition/${guid}/sign`, {
      inertia: true,
      body: { json: { ...SIGNATURE, email: 'not-an-address' } },
      headers: { referer: mistaken.current },
    })
    assert.oneOf(refused.status, [302, 303])
    const withErrorsReply = (await mistaken.open(`/petition/${slug}`)).reply
    assert.isTrue(privateReply(withErrorsReply))
    const withErrors = pageInHtml(withErrorsReply.text())
    assert.property(withErrors.props.errors, 'email')
    const next = pageInHtml((await visitor().open(`/petition/${slug}`)).reply.text())
    assert.deepEqual(next.props.errors, {})
    assert.isNull(next.props.user)

    // A guest who signed sees that they did; the next guest does not.
    const signer = visitor()
    await signer.open(`/petition/${slug}`)
    await signer.send('POST', `/petition/${guid}/sign`, {
      inertia: true,
      body: { json: { ...SIGNATURE, email: 'signed@example.org' } },
      headers: { referer: signer.current },
    })
    assert.isNotNull(
      await shippedDb().from('signatures').where('email', 'signed@example.org').first()
    )
    const signedReply = (await signer.open(`/petition/${slug}`)).reply
    assert.isTrue(privateReply(signedReply))
    const signed = pageInHtml(signedReply.text())
    assert.isNotNull(signed.props.whenISignedThisPetition)
    const otherReply = (await visitor().open(`/petition/${slug}`)).reply
    assert.isTrue(sharedByCaches(otherReply))
    const other = pageInHtml(otherReply.text())
    assert.isNull(other.props.whenISignedThisPetition)
    assert.isTrue(other.props.canSignPetition)
  })

  test('a guest on a page from the cache signs with a token fetched first; an attacker without one is refused', async ({
    assert,
  }) => {
    const owner = await verifiedMember('token-owner@example.org')
    const { guid, slug } = await createPetition(owner)

    // The page came without a cookie; a POST without the token fetched first is refused.
    const attacker = visitor()
    const { reply } = await attacker.open(`/petition/${slug}`)
    assert.isTrue(sharedByCaches(reply))
    const refused = await attacker.send('POST', `/petition/${guid}/sign`, {
      inertia: true,
      withoutToken: true,
      body: { json: { ...SIGNATURE, email: 'forged@example.org' } },
      headers: { referer: attacker.current },
    })
    assert.equal(refused.status, 419)
    assert.isNull(await shippedDb().from('signatures').where('email', 'forged@example.org').first())

    // The app's client asks GET /csrf-token first: no cache keeps it, and it brings both cookies.
    const guest = visitor()
    await guest.open(`/petition/${slug}`)
    assert.equal(guest.cookies.size, 0)
    const token = await guest.send('GET', '/csrf-token')
    assert.equal(token.status, 204)
    assert.equal(token.headers['cache-control'], 'no-store')
    assert.isTrue(guest.cookies.has(CSRF_SECRET_COOKIE))
    assert.isFalse(guest.cookies.has('undersign-session'), 'a token makes no session')
    assert.isNotEmpty(guest.xsrfToken)
    const sent = await guest.submit('POST', `/petition/${guid}/sign`, {
      json: { ...SIGNATURE, email: 'from-the-cache@example.org' },
    })
    assert.oneOf(sent.reply.status, [302, 303])
    assert.isNotNull(
      await shippedDb().from('signatures').where('email', 'from-the-cache@example.org').first()
    )
    // Subscribing to the newsletter from the same page works the same way.
    const newsletter = visitor()
    await newsletter.open('/')
    const subscribed = await newsletter.submit('POST', '/subscription', {
      json: { email: 'news-from-the-cache@example.org' },
    })
    assert.oneOf(subscribed.reply.status, [302, 303])
  })

  test('a guest holding a CSRF token is not handed another on every page; one whose secret is gone is replaced', async ({
    assert,
  }) => {
    const setsXsrf = (reply: Reply) =>
      [reply.headers['set-cookie'] ?? []].flat().some((line) => line.startsWith('XSRF-TOKEN='))
    const guest = visitor()
    await guest.send('GET', '/csrf-token')
    const token = guest.xsrfToken
    assert.isNotEmpty(token)

    // Reading pages with it renews nothing: no encryption for an unchanged token.
    for (const path of ['/petitions', '/', '/faq']) {
      assert.isFalse(setsXsrf(await guest.send('GET', path)), `${path} renews XSRF-TOKEN`)
    }
    assert.equal(guest.xsrfToken, token)
    const kept = await guest.submit('POST', '/subscription', {
      json: { email: 'token-kept@example.org' },
    })
    assert.oneOf(kept.reply.status, [302, 303])

    // Another guest's token does not pass with this guest's secret.
    const other = visitor()
    await other.send('GET', '/csrf-token')
    const forged = await guest.send('POST', '/subscription', {
      inertia: true,
      withoutToken: true,
      headers: { 'x-xsrf-token': other.xsrfToken },
      body: { json: { email: 'forged-token@example.org' } },
    })
    assert.equal(forged.status, 419)

    // The secret's cookie is gone but the XSRF-TOKEN stayed: the next page of its own
    // replaces both (a page shared by caches sets no cookie; the client's token request,
    // or the refusal of the form, does it there).
    guest.cookies.delete(CSRF_SECRET_COOKIE)
    assert.isTrue(setsXsrf(await guest.send('GET', '/login')))
    assert.notEqual(guest.xsrfToken, token)
    const renewed = await guest.submit('POST', '/subscription', {
      json: { email: 'token-renewed@example.org' },
    })
    assert.oneOf(renewed.reply.status, [302, 303])
  })

  test('a returning guest gets the bytes a first visitor gets: after a token, after their errors were shown, after logging out', async ({
    assert,
  }) => {
    const owner = await verifiedMember('returning-owner@example.org')
    const { guid, slug } = await createPetition(owner)
    const path = `/petition/${slug}`
    const firstVisit = (await visitor().open(path)).reply
    const firstVisitJson = await visitor().send('GET', path, { inertia: true })
    assert.isTrue(sharedByCaches(firstVisit))
    const sameAsFirst = (reply: Reply, name: string) => {
      assert.isTrue(sharedByCaches(reply), `${name}: a page a shared cache may keep`)
      assert.equal(reply.text(), firstVisit.text(), `${name}: the same bytes`)
    }

    // A guest who asked for a token (their client does before any form) and reads on.
    const reader = visitor()
    await reader.open(path)
    await reader.send('GET', '/csrf-token')
    assert.sameMembers([...reader.cookies.keys()], [CSRF_SECRET_COOKIE, 'XSRF-TOKEN'])
    sameAsFirst((await reader.open(path)).reply, 'with the CSRF cookies')
    const visit = await reader.send('GET', path, { inertia: true })
    assert.isTrue(sharedByCaches(visit))
    assert.equal(visit.text(), firstVisitJson.text())

    // A guest whose form came back with errors: the page that shows them is theirs, and
    // its answer ends the emptied session; from then on, the shared page.
    const mistaken = visitor()
    await mistaken.open(path)
    await mistaken.send('POST', `/petition/${guid}/sign`, {
      inertia: true,
      body: { json: { ...SIGNATURE, email: 'not-an-address' } },
      headers: { referer: mistaken.current },
    })
    assert.isTrue(mistaken.cookies.has('undersign-session'), 'the errors wait in the session')
    const shown = (await mistaken.open(path)).reply
    assert.isTrue(privateReply(shown))
    assert.property(pageInHtml(shown.text()).props.errors, 'email')
    assert.isFalse(mistaken.cookies.has('undersign-session'), 'shown once, the session is gone')
    sameAsFirst((await mistaken.open(path)).reply, 'after the errors were shown')

    // A member who logs out keeps no session, and gets a new CSRF token.
    const member = await verifiedMember('returning-member@example.org')
    assert.isTrue(privateReply((await member.open(path)).reply))
    const tokenBefore = member.xsrfToken
    const out = await member.submit('POST', '/logout', { json: {} })
    assert.oneOf(out.reply.status, [302, 303])
    assert.isFalse(member.cookies.has('undersign-session'))
    assert.notEqual(member.xsrfToken, tokenBefore)
    sameAsFirst((await member.open(path)).reply, 'after logging out')
  })
})
