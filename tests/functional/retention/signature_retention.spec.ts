import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { DateTime } from 'luxon'
import { PRIVATE_DISKS } from '#config/drive'
import { disksHolding, leftBehindByACopy, onBucket } from '#tests/helpers/uploads'
import { decidePaperBatch, recordPaperBatch } from '#services/petitions/paper_signatures'
import { makeModerator } from '#tests/helpers/moderation'
import { fixture, jpegWithGps } from '#tests/helpers/images'
import Petition from '#models/petition'
import type User from '#models/user'
import MailRetentionNoticesJob from '#jobs/mail_retention_notices_job'
import EraseExpiredSignaturesJob from '#jobs/erase_expired_signatures_job'
import { eraseExpiredSignatures } from '#services/signatures/retention'
import { anonymiseSignatures } from '#services/signatures/personal_data'
import { recountSignatures } from '#services/signatures/recount'
import { mailGuard } from '#runtime/mail/mail_guard'
import { backfillFinishedAt } from '#database/migrations/0018_add_retention_dates_to_petitions'
import { makeMember } from '#tests/helpers/auth'
import { outbox, linkIn } from '#tests/helpers/outbox'
import { submitPetition } from '#tests/helpers/petitions'
import { countsOf, signatureRows } from '#tests/helpers/signatures'
import { restoreClock, setClock } from '#tests/helpers/clock'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

/** The day the petitions of these tests are finished. */
const FINISHED = DateTime.fromISO('2031-03-10T09:00:00Z', { zone: 'utc' })

/** The day the owner is told: 30 days before the end of the 12 months. */
const NOTICE_DUE = FINISHED.plus({ months: 12 }).minus({ days: 30 })

/** Runs both daily jobs at `instant`, notices first, as the schedule does. */
async function runJobsAt(instant: DateTime) {
  setClock(instant)
  await new MailRetentionNoticesJob().execute()
  await new EraseExpiredSignaturesJob().execute()
}

/** Finishes (or reopens) a petition at `instant`, the way the owner's edit form saves it. */
async function setFinished(petition: Petition, finished: boolean, instant: DateTime) {
  setClock(instant)
  await petition.refresh()
  petition.finished = finished
  await petition.save()
}

/**
 * A petition with every kind of personal data a signature holds: a guest's
 * comment and answer, a member's signature, an opposing one, one the owner
 * deactivated and one never confirmed; the counters are those of its rows.
 */
async function petitionWithSigners(owner?: User) {
  const author = owner ?? (await makeMember())
  const petition = await PetitionFactory.apply('published', 'withOpposition')
    .merge({ allowComments: true, userId: author.id })
    .with('customFields', 1, (field) => field.merge({ description: null }))
    .create()
  const [district] = petition.customFields
  const member = await makeMember({ signaturesCount: 1 })
  await SignatureFactory.merge({
    petitionId: petition.id,
    firstName: 'Olena',
    lastName: 'Koval',
    email: 'olena@example.org',
    comment: 'Our children need this park.',
    customFieldsData: { [district.id]: 'Podil' },
    country: 'UA',
    postalCode: '04070',
  }).create()
  await SignatureFactory.merge({
    petitionId: petition.id,
    userId: member.id,
    firstName: member.firstName,
    lastName: member.lastName ?? 'Member',
    email: member.email,
  }).create()
  await SignatureFactory.apply('opposing')
    .merge({ petitionId: petition.id, email: 'against@example.org', comment: 'No.' })
    .create()
  await SignatureFactory.apply('inactive')
    .merge({ petitionId: petition.id, email: 'hidden@example.org' })
    .create()
  await SignatureFactory.apply('unconfirmed')
    .merge({ petitionId: petition.id, email: 'pending@example.org' })
    .create()
  await recountSignatures(petition.id)
  return { petition, owner: author, member }
}

/** What of a signature row must survive an erasure: what the counts are made of. */
function countedPart(row: Record<string, unknown>) {
  return {
    id: row.id,
    petition_id: row.petition_id,
    score: row.score,
    active: row.active,
    // What the counts by country are made of stays too.
    country: row.country,
    confirmed_at: row.confirmed_at,
    created_at: row.created_at,
  }
}

async function petitionRow(petition: Petition) {
  return Petition.findOrFail(petition.id)
}

test.group(
  'Signatures of finished petitions: personal data erased after the retention period',
  (group) => {
    group.each.setup(() => testUtils.db().withGlobalTransaction())
    group.each.setup(async () => {
      await limiter.clear()
      await outbox.clear()
      return () => restoreClock()
    })

    test('finishing a petition from the edit form dates it; reopening it clears the date', async ({
      client,
      assert,
    }) => {
      const petition = await PetitionFactory.apply('published').with('user').create()
      const owner = petition.user
      assert.isNull((await petitionRow(petition)).finishedAt)

      setClock(FINISHED)
      const finishing = await submitPetition(client, owner, petition.guid, { finished: true })
      finishing.assertStatus(302)
      const finished = await petitionRow(petition)
      assert.isTrue(finished.finished)
      assert.equal(finished.finishedAt?.toMillis(), FINISHED.toMillis())

      // Saving it again, still finished, keeps the day it was finished.
      setClock(FINISHED.plus({ days: 3 }))
      await submitPetition(client, owner, petition.guid, { finished: true, title: 'A new title' })
      assert.equal((await petitionRow(petition)).finishedAt?.toMillis(), FINISHED.toMillis())

      await submitPetition(client, owner, petition.guid, { finished: false })
      const reopened = await petitionRow(petition)
      assert.isFalse(reopened.finished)
      assert.isNull(reopened.finishedAt)
    })

    test('the owner is mailed once, 30 days before; after 12 months the personal data is erased and the counts stay', async ({
      assert,
    }) => {
      const { petition, owner, member } = await petitionWithSigners()
      const other = await petitionWithSigners()
      const otherRowsBefore = await signatureRows(other.petition)
      const rowsBefore = await signatureRows(petition)
      const countsBefore = await countsOf(petition)
      assert.deepEqual(countsBefore, { support: 2, oppose: 1 })
      // Alerts of unusual signing name a network's hash: erased with the signatures.
      for (const [alerted, subject] of [
        [petition, 'a-network-hash'],
        [other.petition, 'another-network-hash'],
      ] as const) {
        await db.table('signing_alerts').insert({
          petition_id: alerted.id,
          hour: 1,
          kind: 'network',
          subject,
          signatures: 50,
          created_at: FINISHED.toFormat(db.connection().dialect.dateTimeFormat),
        })
      }
      await setFinished(petition, true, FINISHED)

      // The day before the notice is due: nothing.
      await runJobsAt(NOTICE_DUE.minus({ days: 1 }))
      assert.lengthOf(await outbox.to(owner.email), 0)
      assert.isNull((await petitionRow(petition)).retentionNoticeSentAt)

      await runJobsAt(NOTICE_DUE.plus({ hours: 1 }))
      const [notice, ...more] = await outbox.to(owner.email)
      assert.exists(notice, 'the owner was told')
      assert.lengthOf(more, 0)
      assert.include(notice.subject, petition.title)
      const erasureDay = new Intl.DateTimeFormat('en', {
        dateStyle: 'long',
        timeZone: 'UTC',
      }).format(FINISHED.plus({ months: 12 }).toJSDate())
      assert.include(notice.text, erasureDay)
      assert.equal(
        linkIn(notice.html, '/signatures'),
        `http://undersign.test:3334/petition/${petition.guid}/signatures`
      )
      assert.equal(linkIn(notice.html, '/my/'), 'http://undersign.test:3334/my/petitions')
      assert.equal(
        (await petitionRow(petition)).retentionNoticeSentAt?.toMillis(),
        NOTICE_DUE.plus({ hours: 1 }).toMillis()
      )

      // Later runs before the end of the period: no second mail, nothing erased.
      await runJobsAt(NOTICE_DUE.plus({ hours: 2 }))
      await runJobsAt(NOTICE_DUE.plus({ days: 15 }))
      await runJobsAt(FINISHED.plus({ months: 12 }).minus({ hours: 1 }))
      assert.lengthOf(await outbox.to(owner.email), 1)
      assert.deepEqual(await signatureRows(petition), rowsBefore)

      await runJobsAt(FINISHED.plus({ months: 12, hours: 2 }))
      const rows = await signatureRows(petition)
      assert.deepEqual(rows.map(countedPart), rowsBefore.map(countedPart))
      for (const row of rows) {
        assert.equal(row.first_name, '')
        assert.equal(row.last_name, '')
        assert.equal(row.email, '')
        assert.equal(row.email_normalized, `erased:${row.id}`)
        assert.isNull(row.comment)
        assert.isNull(row.custom_fields_data)
        assert.isNull(row.postal_code)
        // The fraud checks' traces go too.
        assert.isNull(row.network_hash)
        assert.isNull(row.email_domain)
        assert.isNull(row.user_id)
        assert.isNull(row.confirmation_token)
      }
      assert.deepEqual(await countsOf(petition), countsBefore)
      assert.equal((await recountSignatures(petition.id)).changed, 0, 'the rows count as before')
      assert.deepEqual(await countsOf(petition), countsBefore)
      await member.refresh()
      assert.equal(member.signaturesCount, 0)
      const erased = await petitionRow(petition)
      assert.equal(
        erased.signaturesErasedAt?.toMillis(),
        FINISHED.plus({ months: 12, hours: 2 }).toMillis()
      )

      const alertSubjects = await db
        .from('signing_alerts')
        .orderBy('petition_id')
        .select('petition_id', 'subject')
      assert.deepEqual(
        alertSubjects.map((alert) => [Number(alert.petition_id), alert.subject]),
        [
          [petition.id, ''],
          [other.petition.id, 'another-network-hash'],
        ].sort((a, b) => Number(a[0]) - Number(b[0]))
      )

      // The other petition, open all along, keeps every signature as it was.
      assert.deepEqual(await signatureRows(other.petition), otherRowsBefore)
      assert.lengthOf(await outbox.to(other.owner.email), 0)

      // Running again changes nothing and mails nobody.
      const erasedRows = await signatureRows(petition)
      await runJobsAt(FINISHED.plus({ months: 12, days: 1 }))
      await runJobsAt(FINISHED.plus({ months: 30 }))
      assert.deepEqual(await signatureRows(petition), erasedRows)
      assert.equal(
        (await petitionRow(petition)).signaturesErasedAt?.toMillis(),
        erased.signaturesErasedAt?.toMillis()
      )
      assert.lengthOf(await outbox.to(owner.email), 1)
      assert.deepEqual(await countsOf(petition), countsBefore)
      assert.deepEqual(await signatureRows(other.petition), otherRowsBefore)
    })

    test('only the petitions whose time has come are erased: one finished later waits for its own', async ({
      assert,
    }) => {
      const early = await petitionWithSigners()
      const late = await petitionWithSigners()
      await setFinished(early.petition, true, FINISHED)
      const lateFinished = FINISHED.plus({ months: 2 })
      await setFinished(late.petition, true, lateFinished)
      const lateRows = await signatureRows(late.petition)

      await runJobsAt(NOTICE_DUE.plus({ hours: 1 }))
      await runJobsAt(FINISHED.plus({ months: 12, hours: 2 }))

      assert.lengthOf(await outbox.to(early.owner.email), 1)
      assert.lengthOf(await outbox.to(late.owner.email), 0)
      assert.isTrue((await signatureRows(early.petition)).every((row) => row.email === ''))
      assert.deepEqual(await signatureRows(late.petition), lateRows)

      await runJobsAt(lateFinished.plus({ months: 12 }).minus({ days: 30 }).plus({ hours: 1 }))
      assert.lengthOf(await outbox.to(late.owner.email), 1)
      await runJobsAt(lateFinished.plus({ months: 12, hours: 2 }))
      assert.isTrue((await signatureRows(late.petition)).every((row) => row.email === ''))
    })

    test('a petition finished long before it was ever noticed still gets 30 days after the notice', async ({
      assert,
    }) => {
      const { petition, owner } = await petitionWithSigners()
      await setFinished(petition, true, FINISHED.minus({ years: 3 }))
      const rowsBefore = await signatureRows(petition)

      await runJobsAt(FINISHED)
      const [notice] = await outbox.to(owner.email)
      assert.exists(notice)
      const erasureDay = new Intl.DateTimeFormat('en', {
        dateStyle: 'long',
        timeZone: 'UTC',
      }).format(FINISHED.plus({ days: 30 }).toJSDate())
      assert.include(notice.text, erasureDay)

      await runJobsAt(FINISHED.plus({ days: 29 }))
      assert.deepEqual(await signatureRows(petition), rowsBefore)

      await runJobsAt(FINISHED.plus({ days: 30, hours: 1 }))
      assert.isTrue((await signatureRows(petition)).every((row) => row.email === ''))
      assert.lengthOf(await outbox.to(owner.email), 1)
    })

    test('a petition reopened after the notice keeps its signers; finished again, it gets a new notice and a full period', async ({
      assert,
    }) => {
      const { petition, owner } = await petitionWithSigners()
      await setFinished(petition, true, FINISHED)
      await runJobsAt(NOTICE_DUE.plus({ hours: 1 }))
      assert.lengthOf(await outbox.to(owner.email), 1)

      await setFinished(petition, false, NOTICE_DUE.plus({ days: 5 }))
      await SignatureFactory.merge({
        petitionId: petition.id,
        email: 'late-signer@example.org',
      }).create()
      const rowsWhileOpen = await signatureRows(petition)
      await runJobsAt(FINISHED.plus({ months: 12, days: 1 }))
      await runJobsAt(FINISHED.plus({ months: 20 }))
      assert.deepEqual(await signatureRows(petition), rowsWhileOpen)
      assert.lengthOf(await outbox.to(owner.email), 1)

      const finishedAgain = FINISHED.plus({ months: 20, days: 1 })
      await setFinished(petition, true, finishedAgain)
      // The old notice does not count for this finishing.
      await runJobsAt(finishedAgain.plus({ months: 12, hours: 1 }).minus({ days: 30 }))
      assert.lengthOf(await outbox.to(owner.email), 2)
      await runJobsAt(finishedAgain.plus({ months: 12 }).minus({ days: 1 }))
      assert.deepEqual(await signatureRows(petition), rowsWhileOpen)

      await runJobsAt(finishedAgain.plus({ months: 12, hours: 2 }))
      const rows = await signatureRows(petition)
      assert.lengthOf(rows, rowsWhileOpen.length)
      assert.isTrue(rows.every((row) => row.email === '' && row.first_name === ''))
    })

    test('an owner who had enough mails this hour is told on a later run, and the erasure waits for it', async ({
      assert,
    }) => {
      const { petition, owner } = await petitionWithSigners()
      await setFinished(petition, true, FINISHED)
      const rowsBefore = await signatureRows(petition)
      for (let mails = 0; mails < 20 && (await mailGuard.allows(owner.email)); mails++) {
        await mailGuard.admit([owner.email])
      }
      assert.isFalse(await mailGuard.allows(owner.email))

      await runJobsAt(NOTICE_DUE.plus({ hours: 1 }))
      assert.lengthOf(await outbox.to(owner.email), 0)
      assert.isNull((await petitionRow(petition)).retentionNoticeSentAt)

      await limiter.clear()
      const toldAt = NOTICE_DUE.plus({ days: 10 })
      await runJobsAt(toldAt)
      assert.lengthOf(await outbox.to(owner.email), 1)

      // The 12 months are over, but the owner was told only 20 days ago.
      await runJobsAt(FINISHED.plus({ months: 12, days: 1 }))
      assert.deepEqual(await signatureRows(petition), rowsBefore)

      await runJobsAt(toldAt.plus({ days: 30, hours: 1 }))
      assert.isTrue((await signatureRows(petition)).every((row) => row.email === ''))
    })

    test('the notice is in the owner’s language, on their language’s site', async ({ assert }) => {
      const owner = await makeMember({ locale: 'uk' })
      const { petition } = await petitionWithSigners(owner)
      await setFinished(petition, true, FINISHED)

      await runJobsAt(NOTICE_DUE.plus({ hours: 1 }))
      const [notice] = await outbox.to(owner.email)
      assert.include(notice.subject, 'Експортуйте підписи')
      assert.include(notice.text, 'березня 2032')
      assert.equal(
        linkIn(notice.html, '/signatures'),
        `http://uk.undersign.test:3334/petition/${petition.guid}/signatures`
      )
    })

    test('SIGNATURE_RETENTION_MONTHS sets the period', async ({ assert, cleanup }) => {
      env.set('SIGNATURE_RETENTION_MONTHS', 3)
      cleanup(() => env.set('SIGNATURE_RETENTION_MONTHS', 12))
      const { petition, owner } = await petitionWithSigners()
      await setFinished(petition, true, FINISHED)

      await runJobsAt(FINISHED.plus({ months: 3 }).minus({ days: 31 }))
      assert.lengthOf(await outbox.to(owner.email), 0)
      await runJobsAt(FINISHED.plus({ months: 3 }).minus({ days: 29 }))
      assert.lengthOf(await outbox.to(owner.email), 1)
      await runJobsAt(FINISHED.plus({ months: 3, days: 2 }))
      assert.isTrue((await signatureRows(petition)).every((row) => row.email === ''))
    })

    test('a petition whose owner deleted their account is erased on time, with nobody to mail', async ({
      assert,
    }) => {
      const { petition } = await petitionWithSigners()
      await setFinished(petition, true, FINISHED)
      await db.from('petitions').where('id', petition.id).update({ user_id: null })

      await runJobsAt(NOTICE_DUE.plus({ hours: 1 }))
      assert.lengthOf(await outbox.read(), 0)
      await runJobsAt(FINISHED.plus({ months: 12, hours: 2 }))
      const rows = await signatureRows(petition)
      assert.isTrue(rows.every((row) => row.email === '' && row.first_name === ''))
      assert.deepEqual(await countsOf(petition), { support: 2, oppose: 1 })
    })

    test('the photos of its paper sheets go with the personal data; the paper count stays', async ({
      assert,
    }) => {
      const { petition, owner } = await petitionWithSigners()
      const photo = await fixture('sheets.jpg', await jpegWithGps(800, 600))
      const batch = await recordPaperBatch(
        owner,
        petition,
        { signatures: 40, place: 'Market', collectedOn: new Date('2030-05-01') },
        photo
      )
      await decidePaperBatch(await makeModerator(), petition, batch.id, 'verify', null)
      const sheets = batch.photoPath!
      // On the bucket, a copy is still on the local folder the site moved from.
      await leftBehindByACopy(sheets)
      assert.deepEqual(await disksHolding(sheets), [...PRIVATE_DISKS])
      if (onBucket()) assert.deepEqual(PRIVATE_DISKS, ['s3', 'fsPrivate'])
      await setFinished(petition, true, FINISHED)

      await runJobsAt(NOTICE_DUE.plus({ hours: 1 }))
      assert.deepEqual(await disksHolding(sheets), [...PRIVATE_DISKS], 'kept until the erasure')
      await runJobsAt(FINISHED.plus({ months: 12, hours: 2 }))
      assert.deepEqual(await disksHolding(sheets), [], 'erased from every disk')
      await batch.refresh()
      assert.isNull(batch.photoPath)
      assert.equal(batch.status, 'verified')
      assert.equal((await petitionRow(petition)).paperCount, 40)
    })

    test('a finished petition without signers gets no mail and is recorded as erased', async ({
      assert,
    }) => {
      const petition = await PetitionFactory.apply('published').with('user').create()
      const owner = petition.user
      await setFinished(petition, true, FINISHED)

      await runJobsAt(NOTICE_DUE.plus({ hours: 1 }))
      assert.lengthOf(await outbox.to(owner.email), 0)
      const recorded = await petitionRow(petition)
      assert.isNull(recorded.retentionNoticeSentAt)
      assert.equal(
        recorded.signaturesErasedAt?.toMillis(),
        NOTICE_DUE.plus({ hours: 1 }).toMillis()
      )
    })

    test('a big petition is erased in batches of ids, never touching another petition’s rows in between', async ({
      assert,
    }) => {
      const petition = await PetitionFactory.apply('published').with('user').create()
      const owner = petition.user
      const other = await PetitionFactory.apply('published').with('user').create()
      // Ids of the two petitions interleaved, as signatures arrive in real life.
      for (let index = 0; index < 7; index++) {
        await SignatureFactory.merge({ petitionId: petition.id }).create()
        await SignatureFactory.merge({ petitionId: other.id }).create()
      }
      const otherRows = await signatureRows(other)
      await setFinished(petition, true, FINISHED)
      await runJobsAt(NOTICE_DUE.plus({ hours: 1 }))
      assert.lengthOf(await outbox.to(owner.email), 1)

      // A run that stopped half way left some rows anonymous already.
      const [first, second] = await signatureRows(petition)
      await db.transaction((trx) =>
        anonymiseSignatures(trx, (query) => {
          query.whereIn('id', [first.id, second.id])
        })
      )

      setClock(FINISHED.plus({ months: 12, hours: 2 }))
      assert.equal(await eraseExpiredSignatures(undefined, 3), 5)
      assert.isTrue((await signatureRows(petition)).every((row) => row.email === ''))
      assert.deepEqual(await signatureRows(other), otherRows)
      assert.isNotNull((await petitionRow(petition)).signaturesErasedAt)
      assert.equal(await eraseExpiredSignatures(undefined, 3), 0)
    })

    test('the migration dates petitions finished before it from their last change', async ({
      assert,
    }) => {
      const finished = await PetitionFactory.apply('published').with('user').create()
      const open = await PetitionFactory.apply('published').with('user').create()
      const lastChange = '2029-05-04 03:02:01'
      await db
        .from('petitions')
        .where('id', finished.id)
        .update({ finished: true, finished_at: null, updated_at: lastChange })

      await backfillFinishedAt(db.connection())

      const backfilled = await petitionRow(finished)
      assert.equal(backfilled.finishedAt?.toFormat('yyyy-MM-dd HH:mm:ss'), lastChange)
      assert.isNull((await petitionRow(open)).finishedAt)
    })
  }
)
