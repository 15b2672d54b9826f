import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { networkHash } from '#support/signer_traces'
import { makeMember } from '#tests/helpers/auth'
import { makeModerator } from '#tests/helpers/moderation'
import { signBurst } from '#tests/helpers/signing_trends'
import { PetitionFactory } from '#database/factories/petition_factory'
import { petitionSigningTrends } from '#runtime/caches/process_caches'

type Group = { subject: string; signatures: number; share: number; unconfirmedShare: number }
type Window = {
  signatures: number
  unconfirmedShare: number
  networks: Group[]
  domains: Group[]
  bucketMinutes: number
  buckets: Array<{ at: string; signatures: number }>
  peakMinute: { at: string; signatures: number } | null
}

const sum = (window: Window) =>
  window.buckets.reduce((total, bucket) => total + bucket.signatures, 0)

test.group("Moderation: a petition's signing trends", (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())
  group.each.setup(() => petitionSigningTrends.clear())

  test('the last hour and day by network and domain, with their shares, and by minute', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const [petition, other] = await PetitionFactory.apply('published').with('user').createMany(2)
    const office = networkHash('203.0.113.9')!
    const cafe = networkHash('2001:db8:42::7')!
    // Three hours ago (stored first, as time goes): 10 from the office, at a.example.
    await signBurst(petition, 10, { network: office, domain: 'a.example', minutesAgo: 180 })
    // This hour: 6 from the office at a.example (4 unconfirmed), 3 from the café at b.example,
    // 1 without a network at c.example (unconfirmed).
    await signBurst(petition, 4, { network: office, domain: 'a.example', unconfirmed: true })
    await signBurst(petition, 2, { network: office, domain: 'a.example' })
    await signBurst(petition, 3, { network: cafe, domain: 'b.example' })
    await signBurst(petition, 1, { network: null, domain: 'c.example', unconfirmed: true })
    // Another petition's signers are not this one's.
    await signBurst(other, 30, { network: office, domain: 'a.example' })

    const page = await client
      .get(`/moderation/petitions/${petition.id}`)
      .loginAs(moderator)
      .withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('Moderation/Petition')
    const { hour, day } = page.inertiaProps.trends as { hour: Window; day: Window }

    assert.equal(hour.signatures, 10)
    assert.equal(hour.unconfirmedShare, 0.5)
    assert.deepEqual(hour.networks, [
      { subject: office, signatures: 6, share: 0.6, unconfirmedShare: 4 / 6 },
      { subject: cafe, signatures: 3, share: 0.3, unconfirmedShare: 0 },
    ])
    assert.deepEqual(hour.domains, [
      { subject: 'a.example', signatures: 6, share: 0.6, unconfirmedShare: 4 / 6 },
      { subject: 'b.example', signatures: 3, share: 0.3, unconfirmedShare: 0 },
      { subject: 'c.example', signatures: 1, share: 0.1, unconfirmedShare: 1 },
    ])
    assert.equal(hour.bucketMinutes, 1)
    assert.lengthOf(hour.buckets, 60)
    assert.equal(sum(hour), 10)
    assert.isAtMost(hour.peakMinute!.signatures, 10)

    assert.equal(day.signatures, 20)
    assert.equal(day.unconfirmedShare, 0.25)
    assert.deepEqual(day.networks, [
      { subject: office, signatures: 16, share: 0.8, unconfirmedShare: 0.25 },
      { subject: cafe, signatures: 3, share: 0.15, unconfirmedShare: 0 },
    ])
    assert.deepEqual(
      day.domains.map((domain) => [domain.subject, domain.signatures, domain.share]),
      [
        ['a.example', 16, 0.8],
        ['b.example', 3, 0.15],
        ['c.example', 1, 0.05],
      ]
    )
    assert.equal(day.bucketMinutes, 15)
    assert.lengthOf(day.buckets, 96)
    assert.equal(sum(day), 20)
    // The three-hour-old ones fall in one quarter of an hour, about 12 quarters back.
    const old = day.buckets.findIndex((bucket) => bucket.signatures > 0)
    assert.equal(day.buckets[old].signatures, 10)
    assert.closeTo(old, 96 - 13, 1)

    // Never an address: neither an e-mail nor the network's.
    const props = JSON.stringify(page.inertiaProps.trends)
    assert.notInclude(props, '@')
    assert.notInclude(props, '203.0.113')
    assert.notInclude(props, '2001:db8')
  })

  test('a petition nobody signed lately has empty windows; only moderators see the page', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const petition = await PetitionFactory.apply('published').with('user').create()
    await signBurst(petition, 5, { minutesAgo: 60 * 25 })

    const page = await client
      .get(`/moderation/petitions/${petition.id}`)
      .loginAs(moderator)
      .withInertia()
    const { hour, day } = page.inertiaProps.trends as { hour: Window; day: Window }
    for (const window of [hour, day]) {
      assert.equal(window.signatures, 0)
      assert.deepEqual([window.networks, window.domains], [[], []])
      assert.isNull(window.peakMinute)
      assert.equal(sum(window), 0)
    }
    // Server-rendered, in the moderator's language.
    const html = (
      await client
        .get(`/moderation/petitions/${petition.id}`)
        .header('host', 'de.undersign.test')
        .loginAs(moderator)
    ).text()
    assert.include(html, 'Unterzeichnungstrends')
    assert.include(html, 'In diesem Zeitraum wurde keine Unterschrift gespeichert.')

    for (const who of [null, await makeMember(), petition.user]) {
      const request = client.get(`/moderation/petitions/${petition.id}`).withInertia()
      const response = who ? await request.loginAs(who) : await request
      response.assertStatus(404)
      assert.notInclude(response.text(), 'trends')
    }
  })
})
