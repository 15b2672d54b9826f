import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import type Petition from '#models/petition'
import PetitionReport from '#models/petition_report'
import SigningAlert from '#models/signing_alert'
import DetectUnusualSigningJob from '#jobs/detect_unusual_signing_job'
import { detectUnusualSigning } from '#services/fraud/unusual_signing'
import { highestSignatureId, markSignatures } from '#services/fraud/signing_marks'
import { trailOfPetition } from '#services/moderation/audit_trail'
import { unusualSigningRule } from '#config/fraud'
import { makeModerator, moderate } from '#tests/helpers/moderation'
import { signBurst } from '#tests/helpers/signing_trends'
import { PetitionFactory } from '#database/factories/petition_factory'

/** A published petition moderators reviewed already: in the queue only for a new reason. */
function reviewedPetition(title = 'Keep the night trains running') {
  return PetitionFactory.apply('published')
    .merge({ title, reviewedAt: DateTime.utc().minus({ days: 1 }) })
    .with('user')
    .create()
}

const alertsOf = (petition: Petition) =>
  SigningAlert.query().where('petition_id', petition.id).orderBy('id')

type QueueRow = {
  id: number
  queueReason: string | null
  signingAlert: { kind: string; subject: string; signatures: number } | null
}

test.group('Moderation: unusual signing goes to the queue', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('the default rule is 50 signatures an hour or 10 % from 20 signatures on', ({ assert }) => {
    assert.deepEqual(
      {
        perHour: unusualSigningRule.perHour,
        share: unusualSigningRule.share,
        shareMinimum: unusualSigningRule.shareMinimum,
      },
      { perHour: 50, share: 0.1, shareMinimum: 20 }
    )
  })

  test('a burst from one network puts the petition first in the queue, once per hour', async ({
    assert,
    client,
  }) => {
    const moderator = await makeModerator()
    const reported = await reviewedPetition('Plant trees on the ring road')
    await PetitionReport.create({
      petitionId: reported.id,
      reporterKey: 'guest:abc',
      reason: 'spam',
      locale: 'en',
    })
    const petition = await reviewedPetition()
    // A crowd of 600 from 600 networks, and a burst of 55 from one (5 % of the hour: the count trips).
    await signBurst(petition, 600)
    await signBurst(petition, 55, { network: 'burst-network-aaaaaaa', unconfirmed: true })

    // The scheduler's job, run twice in the hour, and a second network bursting meanwhile.
    await new DetectUnusualSigningJob().execute()
    assert.deepEqual(await detectUnusualSigning(), [])
    await signBurst(petition, 70, { network: 'second-network-bbbbbbb' })
    assert.deepEqual(await detectUnusualSigning(), [])

    const alerts = await alertsOf(petition)
    assert.lengthOf(alerts, 1)
    assert.equal(alerts[0].kind, 'network')
    assert.equal(alerts[0].subject, 'burst-network-aaaaaaa')
    assert.equal(alerts[0].signatures, 55)
    assert.equal(alerts[0].hour, Math.floor(Date.now() / 3_600_000))
    assert.isNull(alerts[0].resolvedAt)
    // The reported petition had no burst.
    assert.lengthOf(await alertsOf(reported), 0)

    // The queue: the unusual signing first, before the reported petition.
    const queue = await client.get('/moderation').loginAs(moderator).withInertia()
    const rows = queue.inertiaProps.petitions.data as QueueRow[]
    assert.deepEqual(
      rows.map((row) => [row.id, row.queueReason]),
      [
        [petition.id, 'unusual_signing'],
        [reported.id, 'reported'],
      ]
    )
    assert.deepEqual(rows[0].signingAlert, {
      kind: 'network',
      subject: 'burst-network-aaaaaaa',
      signatures: 55,
      createdAt: alerts[0].createdAt.toISO(),
    } as any)
    assert.isNull(rows[1].signingAlert)
    // The queue says why, the network shortened.
    const html = (await client.get('/moderation').loginAs(moderator)).text()
    assert.include(html, 'Unusual signing')
    assert.include(html, 'Network burst-ne…: 55 signatures in an hour')

    // Dismissing resolves the alert, in the audit trail; the queue no longer holds it.
    ;(await moderate(client, moderator, petition, 'dismiss', 'A school class')).assertStatus(302)
    const [resolved] = await alertsOf(petition)
    assert.isNotNull(resolved.resolvedAt)
    assert.equal(resolved.resolvedBy, moderator.id)
    const trail = await trailOfPetition(petition.id)
    assert.deepEqual(
      trail.map((entry) => [entry.action, entry.reason]),
      [['reports_dismissed', 'A school class']]
    )
    const after = await client.get('/moderation').loginAs(moderator).withInertia()
    assert.deepEqual(
      (after.inertiaProps.petitions.data as QueueRow[]).map((row) => row.id),
      [reported.id]
    )

    // The same burst, dismissed, does not come back in the next hour; a new one does.
    const nextHour = DateTime.utc().plus({ minutes: 61 - DateTime.utc().minute })
    await signBurst(petition, 1)
    assert.deepEqual(await detectUnusualSigning(nextHour), [])
  })

  test('below the rule nothing alerts, and signatures older than an hour do not count', async ({
    assert,
  }) => {
    const petition = await reviewedPetition()
    // Long ago, one network's 80 (stored first: ids grow with time).
    await signBurst(petition, 80, { network: 'old-burst-network', minutesAgo: 90 })
    // This hour: 49 from one network out of 549 (8.9 %), 49 at one domain.
    await signBurst(petition, 500)
    await signBurst(petition, 49, { network: 'busy-office-network', domain: 'office.example' })
    assert.deepEqual(await detectUnusualSigning(), [])
    // One more from that network reaches 50.
    await signBurst(petition, 1, { network: 'busy-office-network' })
    assert.deepEqual(await detectUnusualSigning(), [petition.id])
    const [alert] = await alertsOf(petition)
    assert.deepInclude(alert.$attributes, {
      kind: 'network',
      subject: 'busy-office-network',
      signatures: 50,
    })
  })

  test('the job bounds the hour by its own marks', async ({ assert }) => {
    const petition = await reviewedPetition()
    // Stored before the mark of a run an hour ago (dated now, as a replaced signature is).
    await signBurst(petition, 60, { network: 'before-the-mark' })
    await markSignatures(DateTime.utc().minus({ minutes: 62 }), await highestSignatureId())
    assert.deepEqual(await detectUnusualSigning(), [])
    // After the mark, 59 more from that network: not 119.
    await signBurst(petition, 20, { network: 'before-the-mark' })
    await signBurst(petition, 400)
    assert.deepEqual(await detectUnusualSigning(), [])
    await signBurst(petition, 30, { network: 'before-the-mark' })
    assert.deepEqual(await detectUnusualSigning(), [petition.id])
    assert.equal((await alertsOf(petition))[0].signatures, 50)
    // The marks of a day are kept, not more.
    const marks = await db.from('signing_marks').count('* as total').first()
    assert.isAtLeast(Number(marks.total), 1)
    await detectUnusualSigning(DateTime.utc().plus({ hours: 26 }))
    assert.lengthOf(await db.from('signing_marks').select('minute'), 1)
  })

  test('the share rule alerts from its floor on: 2 signatures out of 5 never do', async ({
    assert,
  }) => {
    const [small, floor, above] = await Promise.all([
      reviewedPetition('Small'),
      reviewedPetition('Floor'),
      reviewedPetition('Above'),
    ])
    // 2 of 5 (40 %), 19 of 25 (76 %): under the floor of 20.
    await signBurst(small, 3)
    await signBurst(small, 2, { network: 'two-neighbours' })
    await signBurst(floor, 6)
    await signBurst(floor, 19, { network: 'nineteen-network', domain: 'nineteen.example' })
    // 20 of 200 (10 %): at the floor and the share.
    await signBurst(above, 180)
    await signBurst(above, 20, { network: 'twenty-network' })
    assert.sameMembers(await detectUnusualSigning(), [above.id])
    const [alert] = await alertsOf(above)
    assert.deepInclude(alert.$attributes, {
      kind: 'network',
      subject: 'twenty-network',
      signatures: 20,
    })
  })

  test('a big mail provider does not alert by being popular; another domain does', async ({
    assert,
  }) => {
    const [popular, catchAll] = await Promise.all([
      reviewedPetition('Popular'),
      reviewedPetition('Catch-all'),
    ])
    // 160 of 200 at gmail.com (80 %, over 50), 40 at outlook.com: no alert.
    await signBurst(popular, 160, { domain: 'gmail.com' })
    await signBurst(popular, 40, { domain: 'outlook.com', unconfirmed: true })
    // 30 of 150 at one small domain, from 30 networks: the share rule.
    await signBurst(catchAll, 120, { domain: (index) => `mail${index}.example` })
    await signBurst(catchAll, 30, { domain: 'catch-all.example', unconfirmed: true })
    assert.deepEqual(await detectUnusualSigning(), [catchAll.id])
    const [alert] = await alertsOf(catchAll)
    assert.deepInclude(alert.$attributes, {
      kind: 'domain',
      subject: 'catch-all.example',
      signatures: 30,
    })
    assert.lengthOf(await alertsOf(popular), 0)
  })

  test('the unique index keeps one alert per petition and hour, whoever inserts it', async ({
    assert,
  }) => {
    const petition = await reviewedPetition()
    await signBurst(petition, 60, { network: 'one-network' })
    // Two nodes at once: both see no alert yet, both insert.
    const [first, second] = await Promise.all([detectUnusualSigning(), detectUnusualSigning()])
    assert.deepEqual([...first, ...second], [petition.id])
    assert.lengthOf(await alertsOf(petition), 1)
  })
})
