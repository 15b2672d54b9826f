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
 * gets their confirmation link by mail. The mails keep up with the
 * signatures: the last one leaves within seconds of the last signature,
 * not after a queue that grew all through the surge.
 */
test.group('Shipped: the mails of a surge of signatures', () => {
  test('the last confirmation mail of 2,000 signatures arrives within 3 s of the last one', async ({
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
    const lastMailAt = Math.max(...mails.map((mail) => mail.receivedAt))
    assert.sameMembers([...new Set(mails.flatMap((mail) => mail.to))], signed)
    assert.isAtMost(
      lastMailAt - lastSignedAt,
      3000,
      `the last mail arrived ${lastMailAt - lastSignedAt} ms after the last signature`
    )
  })
})
