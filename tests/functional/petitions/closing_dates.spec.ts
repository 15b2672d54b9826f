import { test } from '@japa/runner'
import type { Group } from '@japa/runner/core'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Petition from '#models/petition'
import FinishClosedPetitionsJob from '#jobs/finish_closed_petitions_job'
import { makeMember, flashed } from '#tests/helpers/auth'
import { fieldErrors } from '#tests/helpers/validation'
import { outbox, linkIn } from '#tests/helpers/outbox'
import { newGuid, submitPetition } from '#tests/helpers/petitions'
import { sign, signatureRows } from '#tests/helpers/signatures'
import { recountSignatures } from '#services/signatures/recount'
import { restoreClock, setClock } from '#tests/helpers/clock'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'
import { closesAtFor } from '#support/closing_dates'

/** "Today" of these tests, in the morning UTC. */
const NOW = DateTime.fromISO('2031-03-10T09:00:00Z', { zone: 'utc' })

const utc = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' })

async function fresh(petition: Petition | { id: number }) {
  return Petition.findOrFail(petition.id)
}

/** A published petition whose signing closes at the end of `day`, made this morning; its owner. */
async function closingOn(day: string) {
  setClock(NOW)
  const petition = await PetitionFactory.apply('published')
    .merge({ closesAt: closesAtFor(day) })
    .with('user')
    .create()
  return { petition, owner: petition.user }
}

/** Runs the scheduled job at `instant`, as the schedule does. */
async function runJobAt(instant: DateTime) {
  setClock(instant)
  await new FinishClosedPetitionsJob().execute()
}

test.group('Closing dates: the form', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => () => restoreClock())

  test('a closing date is from tomorrow to 12 months on; anything else is refused under the field', async ({
    client,
    assert,
  }) => {
    setClock(NOW)
    const member = await makeMember()
    const refused = {
      '2031-03-10': 'The closing date must be tomorrow or later',
      '2030-12-31': 'The closing date must be tomorrow or later',
      '2032-03-11': 'The closing date can be at most 12 months from today',
      'next friday': 'Please enter a valid date',
      '2031-02-30': 'Please enter a valid date',
      '10.03.2032': 'Please enter a valid date',
    }
    for (const [closingDate, message] of Object.entries(refused)) {
      const guid = newGuid()
      const response = await submitPetition(client, member, guid, { closingDate })
      assert.deepEqual(fieldErrors(response).closingDate, [message], closingDate)
      assert.isNull(await Petition.findBy('guid', guid), closingDate)
    }
    for (const closingDate of ['2031-03-11', '2032-03-10']) {
      const guid = newGuid()
      const response = await submitPetition(client, member, guid, { closingDate })
      assert.notProperty(fieldErrors(response), 'closingDate', closingDate)
      assert.isNotNull(await Petition.findBy('guid', guid), closingDate)
    }
  })

  test('the error is translated in the language of the site', async ({ client, assert }) => {
    setClock(NOW)
    const member = await makeMember()
    const response = await client
      .post(`/petition/${newGuid()}/create`)
      .header('host', 'de.undersign.test')
      .json({ title: 'Park', closingDate: '2031-03-10' })
      .loginAs(member)
      .withCsrfToken()
      .redirects(0)
    assert.deepEqual(fieldErrors(response).closingDate, [
      'Das Enddatum muss morgen oder später sein',
    ])
  })

  test('the petition is open until the end of the chosen day (UTC); the form shows the day back, changed or cleared', async ({
    client,
    assert,
  }) => {
    setClock(NOW)
    const member = await makeMember()
    const guid = newGuid()
    ;(await submitPetition(client, member, guid, { closingDate: '2031-04-30' })).assertStatus(302)
    let petition = await Petition.findByOrFail('guid', guid)
    assert.equal(petition.closesAt?.toUTC().toISO(), '2031-05-01T00:00:00.000Z')

    const edit = await client.get(`/petition/${guid}/edit`).loginAs(member).withInertia()
    assert.equal(edit.inertiaProps.petition.closingDate, '2031-04-30')
    const blank = await client.get('/petition/create').loginAs(member).withInertia()
    assert.isNull(blank.inertiaProps.petition.closingDate)

    await submitPetition(client, member, guid, { closingDate: '2031-06-15' })
    petition = await fresh(petition)
    assert.equal(petition.closesAt?.toUTC().toISO(), '2031-06-16T00:00:00.000Z')

    for (const cleared of ['', null, undefined]) {
      await submitPetition(client, member, guid, { closingDate: '2031-06-15' })
      const response = await submitPetition(client, member, guid, { closingDate: cleared })
      response.assertStatus(302)
      assert.notProperty(fieldErrors(response), 'closingDate')
      assert.isNull((await fresh(petition)).closesAt, String(cleared))
    }
  })

  test('a date already set passes unchanged when it has come nearer than tomorrow', async ({
    client,
    assert,
  }) => {
    setClock(NOW)
    const member = await makeMember()
    const guid = newGuid()
    await submitPetition(client, member, guid, { closingDate: '2031-03-11' })

    // The next morning the owner fixes a typo: the date is today now, and unchanged.
    setClock(NOW.plus({ days: 1 }))
    const fix = await submitPetition(client, member, guid, {
      closingDate: '2031-03-11',
      title: 'Save the park',
    })
    assert.notProperty(fieldErrors(fix), 'closingDate')
    const petition = await Petition.findByOrFail('guid', guid)
    assert.equal(petition.title, 'Save the park')
    assert.equal(petition.closesAt?.toUTC().toISO(), '2031-03-12T00:00:00.000Z')

    // Another member's petition does not lend its date to a new one.
    const other = await submitPetition(client, member, newGuid(), { closingDate: '2031-03-11' })
    assert.deepEqual(fieldErrors(other).closingDate, ['The closing date must be tomorrow or later'])
  })
})

/** Each test in its own transaction, with no rate limit counted, an empty outbox, and the clock put back after. */
function eachTestOnItsOwn(group: Group) {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
    return () => restoreClock()
  })
}

test.group('Closing dates: signing and the job', (group) => {
  eachTestOnItsOwn(group)

  test('signing stops at the end of the closing day, before any job ran', async ({
    client,
    assert,
  }) => {
    const { petition } = await closingOn('2031-03-12')

    setClock(utc('2031-03-12T23:59:59Z'))
    assert.isTrue((await fresh(petition)).isOpenForSigning)
    const inTime = await sign(client, petition, { email: 'early@example.org' })
    assert.isUndefined(flashed(inTime, 'messages', 'error'))
    assert.lengthOf(await signatureRows(petition), 1)
    const openPage = await client.get(`/petition/${petition.slug}`).withInertia()
    assert.isTrue(openPage.inertiaProps.canSignPetition)

    setClock(utc('2031-03-13T00:00:00Z'))
    const late = await sign(client, petition, { email: 'late@example.org' })
    assert.equal(
      flashed(late, 'messages', 'error'),
      'This petition is closed: it no longer accepts signatures.'
    )
    assert.lengthOf(await signatureRows(petition), 1)
    assert.isFalse((await fresh(petition)).finished)
    const page = await client.get(`/petition/${petition.slug}`).withInertia()
    assert.isFalse(page.inertiaProps.canSignPetition)
    assert.equal(page.inertiaProps.petition.closedAt, '2031-03-13T00:00:00.000Z')

    // The member who signed sees it closed among their signatures.
    const member = await makeMember({ email: 'early@example.org', role: 1 })
    const mine = await client.get('/my/signatures').loginAs(member).withInertia()
    assert.equal(mine.inertiaProps.signatures.data[0].petition.state, 'finished')
  })

  test('the job finishes exactly the overdue petitions and mails each owner once, in their language', async ({
    assert,
  }) => {
    setClock(NOW)
    const owner = await makeMember({ email: 'owner@example.org', locale: 'de' })
    const overdue = await PetitionFactory.apply('published', 'withOpposition')
      .merge({ closesAt: closesAtFor('2031-03-11'), userId: owner.id })
      .create()
    await SignatureFactory.merge({ petitionId: overdue.id, email: 'one@example.org' }).create()
    await SignatureFactory.merge({ petitionId: overdue.id, email: 'two@example.org' }).create()
    await SignatureFactory.apply('opposing')
      .merge({ petitionId: overdue.id, email: 'three@example.org' })
      .create()
    await SignatureFactory.apply('unconfirmed')
      .merge({ petitionId: overdue.id, email: 'pending@example.org' })
      .create()
    await recountSignatures(overdue.id)

    const orphanOwner = await makeMember({ email: 'gone@example.org' })
    const orphan = await PetitionFactory.apply('published')
      .merge({ closesAt: closesAtFor('2031-03-11'), userId: orphanOwner.id })
      .create()
    await db.from('petitions').where('id', orphan.id).update({ user_id: null })
    const later = await PetitionFactory.apply('published')
      .merge({ closesAt: closesAtFor('2031-03-12') })
      .with('user')
      .create()
    const undated = await PetitionFactory.apply('published').with('user').create()
    const draft = await PetitionFactory.merge({ closesAt: closesAtFor('2031-03-11') })
      .with('user')
      .create()
    const finishedEarlier = await PetitionFactory.apply('finished')
      .merge({ closesAt: closesAtFor('2031-03-11') })
      .with('user')
      .create()
    const finishedAtBefore = (await fresh(finishedEarlier)).finishedAt!.toMillis()

    // Just before the end of 11 March nothing is due.
    await runJobAt(utc('2031-03-11T23:59:00Z'))
    assert.isFalse((await fresh(overdue)).finished)
    assert.lengthOf(await outbox.read(), 0)

    await runJobAt(utc('2031-03-12T00:10:00Z'))
    const closed = await fresh(overdue)
    assert.isTrue(closed.finished)
    // The retention period counts from the closing moment, not from the job's run.
    assert.equal(closed.finishedAt?.toUTC().toISO(), '2031-03-12T00:00:00.000Z')
    assert.isTrue((await fresh(orphan)).finished)
    assert.isFalse((await fresh(later)).finished)
    assert.isFalse((await fresh(undated)).finished)
    assert.isFalse((await fresh(draft)).finished)
    assert.equal((await fresh(finishedEarlier)).finishedAt!.toMillis(), finishedAtBefore)

    const mails = await outbox.read()
    assert.lengthOf(mails, 1)
    const [mail] = mails
    assert.deepEqual(mail.to, ['owner@example.org'])
    assert.equal(mail.subject, `Ihre Petition „${overdue.title}“ ist beendet`)
    assert.include(mail.text!, 'mit 3 Unterschriften geschlossen')
    assert.include(mail.text!, '11. März 2031')
    assert.include(mail.text!, '2 Unterschriften dafür und 1 Unterschrift dagegen')
    assert.include(linkIn(mail.html, `/petition/${overdue.slug}`), overdue.slug)
    assert.include(linkIn(mail.html, `/petition/${overdue.guid}/signatures`), overdue.guid)
    assert.include(linkIn(mail.html, '/my/petitions'), '/my/petitions')

    // Again the same night: nothing finished or mailed twice.
    await runJobAt(utc('2031-03-12T00:20:00Z'))
    assert.lengthOf(await outbox.read(), 1)
    // The next night the later one closes: its owner gets their mail, nobody else a second one.
    await runJobAt(utc('2031-03-13T00:10:00Z'))
    assert.lengthOf(await outbox.read(), 2)
    assert.lengthOf(await outbox.to('owner@example.org'), 1)
    assert.isTrue((await fresh(later)).finished)
    assert.equal((await fresh(overdue)).finishedAt?.toUTC().toISO(), '2031-03-12T00:00:00.000Z')
  })
})

test.group('Closing dates: reopening', (group) => {
  eachTestOnItsOwn(group)

  test('reopening a petition closed by its date drops the date; a new date may come with it', async ({
    client,
    assert,
  }) => {
    const { petition, owner } = await closingOn('2031-03-11')
    await runJobAt(utc('2031-03-12T01:00:00Z'))
    assert.isTrue((await fresh(petition)).finished)

    // The form sends back the passed date with the finished switch turned off.
    const edit = await client.get(`/petition/${petition.guid}/edit`).loginAs(owner).withInertia()
    assert.equal(edit.inertiaProps.petition.closingDate, '2031-03-11')
    const reopen = await submitPetition(client, owner, petition.guid, {
      finished: false,
      closingDate: '2031-03-11',
    })
    assert.notProperty(fieldErrors(reopen), 'closingDate')
    let reopened = await fresh(petition)
    assert.isFalse(reopened.finished)
    assert.isNull(reopened.finishedAt)
    assert.isNull(reopened.closesAt)
    assert.isTrue(reopened.isOpenForSigning)
    await runJobAt(utc('2031-03-12T02:00:00Z'))
    assert.isFalse((await fresh(petition)).finished)
    // Saving the form gave its custom field a new row: sign with the current one.
    await reopened.load('customFields')
    const signed = await sign(client, reopened, { email: 'again@example.org' })
    assert.isUndefined(flashed(signed, 'messages', 'error'))
    assert.lengthOf(await signatureRows(petition), 1)

    // Finished again, then reopened with a new date: the new date stands and closes it later.
    await submitPetition(client, owner, petition.guid, { finished: true })
    await submitPetition(client, owner, petition.guid, {
      finished: false,
      closingDate: '2031-04-01',
    })
    reopened = await fresh(petition)
    assert.isFalse(reopened.finished)
    assert.equal(reopened.closesAt?.toUTC().toISO(), '2031-04-02T00:00:00.000Z')

    // A finished petition saved finished keeps its passed date (the page says when it closed).
    await runJobAt(utc('2031-04-02T00:10:00Z'))
    await submitPetition(client, owner, petition.guid, {
      finished: true,
      closingDate: '2031-04-01',
      title: 'Still finished',
    })
    const kept = await fresh(petition)
    assert.isTrue(kept.finished)
    assert.equal(kept.closesAt?.toUTC().toISO(), '2031-04-02T00:00:00.000Z')
    assert.lengthOf(await outbox.to(owner.email), 2)
  })

  test('an open petition saved after its date, before the job ran, stays closed and is finished by the job', async ({
    client,
    assert,
  }) => {
    const { petition, owner } = await closingOn('2031-03-11')
    setClock(utc('2031-03-12T00:02:00Z'))
    await submitPetition(client, owner, petition.guid, {
      finished: false,
      closingDate: '2031-03-11',
      title: 'A fixed title',
    })
    const saved = await fresh(petition)
    assert.equal(saved.title, 'A fixed title')
    assert.isFalse(saved.isOpenForSigning)
    await runJobAt(utc('2031-03-12T00:10:00Z'))
    assert.isTrue((await fresh(petition)).finished)
    assert.lengthOf(await outbox.to(owner.email), 1)
  })
})

test.group('Closing dates: cards and pages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => () => restoreClock())

  test('cards and the page carry when signing closes and when it closed', async ({
    client,
    assert,
  }) => {
    setClock(NOW)
    const dated = await PetitionFactory.apply('published')
      .merge({ title: 'Dated petition', closesAt: closesAtFor('2031-04-30') })
      .with('user')
      .create()
    const undated = await PetitionFactory.apply('published')
      .merge({ title: 'Undated petition' })
      .with('user')
      .create()
    const finished = await PetitionFactory.apply('published')
      .merge({ title: 'Finished petition' })
      .with('user')
      .create()
    setClock(NOW.plus({ hours: 2 }))
    finished.finished = true
    await finished.save()

    const list = await client.get('/petitions').withInertia()
    const cards = Object.fromEntries(
      list.inertiaProps.petitions.data.map((card: Record<string, unknown>) => [card.title, card])
    )
    assert.equal(cards['Dated petition'].closesAt, '2031-05-01T00:00:00.000Z')
    assert.isNull(cards['Dated petition'].closedAt)
    assert.isNull(cards['Undated petition'].closesAt)
    assert.isNull(cards['Undated petition'].closedAt)
    assert.isNull(cards['Finished petition'].closesAt)
    assert.equal(cards['Finished petition'].closedAt, '2031-03-10T11:00:00.000Z')

    const page = await client.get(`/petition/${dated.slug}`).withInertia()
    assert.equal(page.inertiaProps.petition.closesAt, '2031-05-01T00:00:00.000Z')
    assert.isNull(page.inertiaProps.petition.closedAt)
    const plain = await client.get(`/petition/${undated.slug}`).withInertia()
    assert.isNull(plain.inertiaProps.petition.closesAt)

    // Past its date, and once the job finished it: closed at the closing moment.
    setClock(utc('2031-05-01T00:05:00Z'))
    const passed = await client.get(`/petition/${dated.slug}`).withInertia()
    assert.equal(passed.inertiaProps.petition.closedAt, '2031-05-01T00:00:00.000Z')
    await runJobAt(utc('2031-05-01T00:10:00Z'))
    const done = await client.get(`/petition/${dated.slug}`).withInertia()
    assert.isTrue(done.inertiaProps.petition.finished)
    assert.equal(done.inertiaProps.petition.closedAt, '2031-05-01T00:00:00.000Z')
  })
})
