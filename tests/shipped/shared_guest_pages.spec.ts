import { test } from '@japa/runner'
import { pageInHtml, type Reply } from '#tests/shipped/support/visitor'
import { shippedDb, visitor } from '#tests/shipped/support/shipped_app'
import { createPetition, verifiedMember } from '#tests/shipped/support/journeys'

const SIGNATURE = { firstName: 'Ana', lastName: 'Lima', support: true, customFields: [] }

/** The CSP nonce a reply allows, and the nonces its HTML's scripts carry. */
function noncesOf(reply: Reply) {
  const policy = String(reply.headers['content-security-policy'])
  const allowed = policy.match(/'nonce-([^']+)'/)?.[1]
  const used = [...reply.text().matchAll(/ nonce="([^"]+)"/g)].map((match) => match[1])
  return { allowed, used }
}

test.group('Shipped: one rendering of a petition page for every guest', () => {
  test('guests get the same page, each with the nonce of its own answer', async ({ assert }) => {
    const owner = await verifiedMember('shared-owner@example.org')
    const { slug } = await createPetition(owner)
    const pages = []
    for (let index = 0; index < 4; index++)
      pages.push((await visitor().open(`/petition/${slug}`)).reply)

    for (const reply of pages) {
      const { allowed, used } = noncesOf(reply)
      assert.isString(allowed)
      // Any nonce in the page is its own answer's, or the browser would refuse the script.
      assert.isTrue(used.every((nonce) => nonce === allowed))
    }
    assert.lengthOf(new Set(pages.map((reply) => noncesOf(reply).allowed)), pages.length)
    const withoutNonces = (reply: Reply) => reply.text().replace(/nonce="[^"]*"/g, '')
    assert.lengthOf(new Set(pages.map(withoutNonces)), 1)

    // Inertia visits: the same page object for guests, the member's own for a member.
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
    const withErrors = pageInHtml((await mistaken.open(`/petition/${slug}`)).reply.text())
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
    const signed = pageInHtml((await signer.open(`/petition/${slug}`)).reply.text())
    assert.isNotNull(signed.props.whenISignedThisPetition)
    const other = pageInHtml((await visitor().open(`/petition/${slug}`)).reply.text())
    assert.isNull(other.props.whenISignedThisPetition)
    assert.isTrue(other.props.canSignPetition)
  })
})
