import { test } from '@japa/runner'
import { linkIn } from '#tests/shipped/support/mailbox'
import { createPetition, verifiedMember } from '#tests/shipped/support/journeys'
import { crashAndRestart, shippedApp, shippedDb, visitor } from '#tests/shipped/support/shipped_app'

const SIGNERS = ['ines@example.pt', 'tomas@example.es', 'lea@example.fr', 'marek@example.pl']

test.group('Shipped: a crash', () => {
  test('counts are exact after the server is killed right after confirmations, with no command run', async ({
    assert,
  }) => {
    const { mailbox } = shippedApp()
    const owner = await verifiedMember('olga@example.org')
    const { guid, slug } = await createPetition(owner)
    const countsNow = async () => {
      const { page } = await visitor().open(`/petition/${slug}`)
      return page?.props.petition.totalSignatures as number
    }
    const before = await countsNow()
    assert.equal(before, 0)

    // Each signer signs and opens the mailed link; the confirmations go last, together.
    const confirmations = []
    for (const email of SIGNERS) {
      const signer = visitor()
      await signer.open(`/petition/${slug}`)
      await signer.submit('POST', `/petition/${guid}/sign`, {
        json: { firstName: 'Ana', lastName: 'Lima', email, support: true, customFields: [] },
      })
      const { page } = await signer.open(linkIn(await mailbox.waitFor(email), '/signature/'))
      confirmations.push({ signer, url: page?.props.confirmUrl as string })
    }
    await Promise.all(
      confirmations.map(({ signer, url }) => signer.submit('POST', url, { json: {} }))
    )

    await crashAndRestart(async () => {
      // The process died before its flush: the petition row lacks the confirmations,
      // which wait as recorded deltas (a counter kept in memory would have lost them).
      const petition = await shippedDb().from('petitions').where('slug', slug).firstOrFail()
      const [pending] = await shippedDb()
        .from('signature_count_deltas')
        .where('petition_id', petition.id)
        .sum('support as support')
      assert.isAbove(Number(pending.support), 0)
      assert.equal(
        Number(petition.support_count) + Number(petition.oppose_count) + Number(pending.support),
        before + SIGNERS.length
      )
    })

    assert.equal(await countsNow(), before + SIGNERS.length)
    const [left] = await shippedDb().from('signature_count_deltas').count('* as total')
    assert.equal(Number(left.total), 0)
  })
})
