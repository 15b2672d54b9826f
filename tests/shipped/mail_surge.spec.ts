import { test } from '@japa/runner'
import {
  createPetition,
  eventually,
  guestSignForm,
  verifiedMember,
} from '#tests/shipped/support/journeys'
import { shippedApp, visitor } from '#tests/shipped/support/shipped_app'

/** Signatures of the surge, and the requests in flight at once. */
const SIGNERS = 2000
const AT_ONCE = 40

/**
 * A petition goes viral: guests sign as fast as the site answers, and each
 * gets their confirmation link by mail, exactly once. The mails leave while
 * the surge goes on, not after it. How soon the last one lands is a figure
 * of the bench (`npm run bench`, "confirmation mails delivered"), not of a
 * timed test.
 */
test.group('Shipped: the mails of a surge of signatures', () => {
  test('2,000 signatures get one confirmation mail each, sent while the surge goes on', async ({
    assert,
  }) => {
    const { mailbox } = shippedApp()
    const owner = await verifiedMember('surge-owner@example.org')
    const { guid, slug } = await createPetition(owner)

    const signed: string[] = []
    let next = 0
    await Promise.all(
      Array.from({ length: AT_ONCE }, async (_, lane) => {
        const signer = visitor()
        // Each lane a visitor of its own, from an address of its own.
        const headers = { 'x-forwarded-for': `10.46.${lane}.1` }
        await signer.send('GET', `/petition/${slug}`, { headers })
        while (next < SIGNERS) {
          const email = `surge${next++}@example.org`
          const { status } = await signer.send('POST', `/petition/${guid}/sign`, {
            inertia: true,
            headers,
            body: { json: guestSignForm(email) },
          })
          if (status === 302 || status === 303) signed.push(email)
        }
      })
    )
    const lastSignedAt = Date.now()
    assert.lengthOf(signed, SIGNERS)

    const expected = new Set(signed)
    const mails = await eventually(
      async () => mailbox.all().filter((mail) => mail.to.some((to) => expected.has(to))),
      (found) => found.length >= SIGNERS,
      60_000
    )
    const firstMailAt = Math.min(...mails.map((mail) => mail.receivedAt))
    const recipients = mails.flatMap((mail) => mail.to.filter((to) => expected.has(to)))
    assert.lengthOf(recipients, SIGNERS, 'a signer got two mails, or none')
    assert.sameMembers(recipients, signed)
    assert.isBelow(firstMailAt, lastSignedAt, 'the mails waited for the surge to end')
  })
})
