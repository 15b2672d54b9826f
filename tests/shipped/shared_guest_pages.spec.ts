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
    assert.isTrue(guest.cookies.has('undersign-session'))
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

  test('a guest holding a CSRF token is not handed another on every page; one from an ended session is replaced', async ({
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

    // Another guest's token does not pass with this guest's session.
    const other = visitor()
    await other.send('GET', '/csrf-token')
    const forged = await guest.send('POST', '/subscription', {
      inertia: true,
      withoutToken: true,
      headers: { 'x-xsrf-token': other.xsrfToken },
      body: { json: { email: 'forged-token@example.org' } },
    })
    assert.equal(forged.status, 419)

    // The session ended (its cookie is gone) but the XSRF-TOKEN stayed: the next page of
    // its own replaces it (a page shared by caches sets no cookie; the client's token
    // request does it there).
    guest.cookies.delete('undersign-session')
    assert.isTrue(setsXsrf(await guest.send('GET', '/login')))
    assert.notEqual(guest.xsrfToken, token)
    const renewed = await guest.submit('POST', '/subscription', {
      json: { email: 'token-renewed@example.org' },
    })
    assert.oneOf(renewed.reply.status, [302, 303])
  })
})
