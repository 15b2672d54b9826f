import { test } from '@japa/runner'
import type { Group } from '@japa/runner/core'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import Petition from '#models/petition'
import PetitionUpdate from '#models/petition_update'
import Signature from '#models/signature'
import type User from '#models/user'
import MailPetitionNewsJob from '#jobs/mail_petition_news_job'
import { mailPetitionNews, stopUpdatesUrl } from '#services/petitions/signer_news'
import { flashed } from '#tests/helpers/auth'
import { fieldErrors } from '#tests/helpers/validation'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { listUnsubscribeOf, oneClickUnsubscribe } from '#tests/helpers/one_click'
import { submitPetition } from '#tests/helpers/petitions'
import { confirmationPath, pathOf, sign, signatureRows } from '#tests/helpers/signatures'
import { restoreClock, setClock } from '#tests/helpers/clock'
import { emptiedAfterwards } from '#tests/helpers/database'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

/** "Today" of these tests, in the morning UTC. */
const NOW = DateTime.fromISO('2031-03-10T09:00:00Z', { zone: 'utc' })

/**
 * The owner saves the petition's form with its updates so far and new ones
 * (the form's dates are days in the past: the form refuses future days).
 */
async function addUpdates(
  client: ApiClient,
  owner: User,
  petition: Petition,
  updates: Array<{ title: string; description?: string }>
) {
  const existing = await PetitionUpdate.query().where('petition_id', petition.id).orderBy('id')
  const response = await submitPetition(client, owner, petition.guid, {
    title: petition.title,
    updates: [
      ...existing.map((update) => ({
        id: update.id,
        title: update.title,
        createdAt: update.happenedOn.toISODate(),
        description: update.description,
      })),
      ...updates.map((update) => ({ createdAt: '2026-01-05', ...update })),
    ],
  })
  if (response.status() !== 302)
    throw new Error(`saving the petition answered ${response.status()}`)
}

/** A published petition and its owner, the clock set to the morning of these tests. */
async function publishedThisMorning() {
  setClock(NOW)
  const petition = await PetitionFactory.apply('published').with('user').create()
  return { petition, owner: petition.user }
}

/** A signer who asked for the news, confirmed and active unless told otherwise. */
function follower(petition: Petition, email: string, attributes: Partial<Signature> = {}) {
  return SignatureFactory.merge({
    petitionId: petition.id,
    email,
    wantsUpdates: true,
    confirmationToken: `token-${email}`,
    ...attributes,
  }).create()
}

async function mailsTo(address: string) {
  return outbox.to(address)
}

async function onlyMailTo(address: string) {
  const mails = await outbox.to(address)
  if (mails.length !== 1) throw new Error(`${address} got ${mails.length} mails`)
  return mails[0]
}

async function wantsUpdates(signature: Signature) {
  const row = await db.from('signatures').where('id', signature.id).firstOrFail()
  return Boolean(row.wants_updates)
}

/**
 * Each test in its own transaction, with no limits used, an empty outbox
 * and the real clock back afterwards.
 */
function eachTestOnItsOwn(group: Group) {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })
  group.each.setup(() => () => restoreClock())
}

test.group('Petition news: asking for it when signing', (group) => {
  eachTestOnItsOwn(group)

  test('the sign form stores the wish for news, off unless ticked, and a confirmation keeps it', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await sign(client, petition, { email: 'quiet@example.org' })
    await sign(client, petition, { email: 'curious@example.org', wantsUpdates: true })
    await sign(client, petition, { email: 'declined@example.org', wantsUpdates: false })

    const byEmail = async () =>
      Object.fromEntries(
        (await signatureRows(petition)).map((row) => [row.email, Boolean(row.wants_updates)])
      )
    assert.deepEqual(await byEmail(), {
      'quiet@example.org': false,
      'curious@example.org': true,
      'declined@example.org': false,
    })

    for (const row of await signatureRows(petition)) {
      const confirmed = await client.post(confirmationPath(row)).withCsrfToken().redirects(0)
      assert.equal(confirmed.status(), 302)
    }
    const rows = await signatureRows(petition)
    assert.isTrue(rows.every((row) => row.confirmed_at !== null))
    assert.deepEqual(await byEmail(), {
      'quiet@example.org': false,
      'curious@example.org': true,
      'declined@example.org': false,
    })
  })

  test('signing again over an unconfirmed signature takes the new choice; a confirmed one keeps its own', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await sign(client, petition, { email: 'olena@example.org', wantsUpdates: true })
    await sign(client, petition, { email: 'olena@example.org' })
    let [row] = await signatureRows(petition)
    assert.isFalse(Boolean(row.wants_updates))

    await sign(client, petition, { email: 'olena@example.org', wantsUpdates: true })
    ;[row] = await signatureRows(petition)
    assert.isTrue(Boolean(row.wants_updates))
    await client.post(confirmationPath(row)).withCsrfToken()

    // Confirmed: signing again changes nothing (only its mailbox hears of it).
    await sign(client, petition, { email: 'olena@example.org', wantsUpdates: false })
    const rows = await signatureRows(petition)
    assert.lengthOf(rows, 1)
    assert.isTrue(Boolean(rows[0].wants_updates))
  })

  test('a value that is not a yes or a no is refused under the field', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const response = await sign(client, petition, { wantsUpdates: 'every hour please' })
    assert.property(fieldErrors(response), 'wantsUpdates')
    assert.lengthOf(await signatureRows(petition), 0)
  })
})

test.group('Petition news: the daily mail', (group) => {
  eachTestOnItsOwn(group)

  test('a new update is mailed once to exactly the confirmed, active signers who asked, each in their language', async ({
    client,
    assert,
  }) => {
    setClock(NOW)
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Save the Shevchenko park' })
      .with('user')
      .create()
    const owner = petition.user
    const other = await PetitionFactory.apply('published')
      .merge({ title: 'Another cause' })
      .with('user')
      .create()
    await follower(petition, 'anna@example.org')
    await follower(petition, 'bernd@example.org', { locale: 'de' })
    await follower(petition, 'olha@example.org', { locale: 'uk' })
    await follower(petition, 'unconfirmed@example.org', { confirmedAt: null })
    await follower(petition, 'deactivated@example.org', { active: false })
    await follower(petition, 'declined@example.org', { wantsUpdates: false })
    await follower(other, 'elsewhere@example.org')

    // Nothing new yet: nobody is mailed.
    assert.equal(await mailPetitionNews(NOW), 0)

    await addUpdates(client, owner, petition, [
      { title: 'Signatures delivered', description: 'We met the council.\nThey <b>listen</b>.' },
    ])
    const noted = await Petition.findOrFail(petition.id)
    assert.isNotNull(noted.newsPendingSince)
    assert.isNull((await Petition.findOrFail(other.id)).newsPendingSince)

    assert.equal(await mailPetitionNews(NOW.plus({ minutes: 5 })), 3)
    const all = await outbox.read()
    assert.sameMembers(
      all.flatMap((mail) => mail.to),
      ['anna@example.org', 'bernd@example.org', 'olha@example.org']
    )

    const english = await onlyMailTo('anna@example.org')
    assert.equal(english.subject, 'News of the petition: Save the Shevchenko park')
    assert.include(english.html, '<html lang="en">')
    assert.include(english.html, 'Signatures delivered')
    assert.include(english.html, 'January 5, 2026')
    // The update's text is plain text, escaped, its lines kept.
    assert.include(english.html, 'We met the council.<br />They &lt;b&gt;listen&lt;/b&gt;.')
    assert.notInclude(english.html, '<b>listen</b>')
    assert.include(english.text, 'They <b>listen</b>.')
    assert.include(english.html, 'because you asked for the news of')
    assert.match(linkIn(english.html, '/petition/'), /^http:\/\/undersign\.test:3334\/petition\//)
    assert.match(
      english.headers,
      /List-Unsubscribe:\s+<http:\/\/undersign\.test:3334\/signature\/\d+\/stop-updates\?/
    )
    linkIn(english.html, '/withdraw')

    const german = await onlyMailTo('bernd@example.org')
    assert.equal(german.subject, 'Neuigkeiten der Petition: Save the Shevchenko park')
    assert.include(german.html, '<html lang="de">')
    assert.include(german.html, '5. Januar 2026')
    assert.include(german.html, 'Neuigkeiten dieser Petition abbestellen')
    assert.match(linkIn(german.html, '/stop-updates'), /^http:\/\/de\.undersign\.test:3334\//)

    const ukrainian = await onlyMailTo('olha@example.org')
    assert.equal(ukrainian.subject, 'Новини петиції: Save the Shevchenko park')
    assert.match(linkIn(ukrainian.html, '/stop-updates'), /^http:\/\/uk\.undersign\.test:3334\//)

    // Mailed: the next run mails nobody, and saving the form again with no
    // new update is no news.
    assert.equal(await mailPetitionNews(NOW.plus({ minutes: 10 })), 0)
    await addUpdates(client, owner, petition, [])
    assert.isNull((await Petition.findOrFail(petition.id)).newsPendingSince)
    assert.equal(await mailPetitionNews(NOW.plus({ days: 2 })), 0)
    assert.lengthOf(await outbox.read(), 3)
  })

  test('news added the same day is folded into one mail a day after the last one', async ({
    client,
    assert,
  }) => {
    const { petition, owner } = await publishedThisMorning()
    await follower(petition, 'anna@example.org')
    await follower(petition, 'bernd@example.org', { locale: 'de' })

    await addUpdates(client, owner, petition, [{ title: 'First news' }])
    const firstMailAt = NOW.plus({ minutes: 5 })
    assert.equal(await mailPetitionNews(firstMailAt), 2)

    setClock(NOW.plus({ hours: 2 }))
    await addUpdates(client, owner, petition, [{ title: 'Second news' }])
    assert.equal(await mailPetitionNews(NOW.plus({ hours: 2, minutes: 5 })), 0)
    setClock(NOW.plus({ hours: 6 }))
    await addUpdates(client, owner, petition, [{ title: 'Third news' }])
    // Still within the day of the first mail.
    assert.equal(await mailPetitionNews(firstMailAt.plus({ hours: 23, minutes: 59 })), 0)
    assert.lengthOf(await mailsTo('anna@example.org'), 1)

    // A day after the first mail: one mail with both, and not the first again.
    setClock(firstMailAt.plus({ hours: 24 }))
    assert.equal(await mailPetitionNews(firstMailAt.plus({ hours: 24 })), 2)
    const [second, first] = await mailsTo('anna@example.org')
    assert.include(first.html, 'First news')
    assert.notInclude(first.html, 'Second news')
    assert.include(second.html, 'Second news')
    assert.include(second.html, 'Third news')
    assert.notInclude(second.html, 'First news')
    assert.lengthOf(await mailsTo('bernd@example.org'), 2)

    // Nothing pending any more.
    assert.equal(await mailPetitionNews(firstMailAt.plus({ days: 3 })), 0)
    assert.lengthOf(await outbox.read(), 4)
  })

  test('a response the owner adds goes in the next mail, as sanitised HTML', async ({
    client,
    assert,
  }) => {
    const { petition, owner } = await publishedThisMorning()
    await follower(petition, 'anna@example.org')
    await follower(petition, 'pedro@example.org', { locale: 'es' })

    // Added as the owner adds it, through the petition page's form.
    const added = await client
      .post(`/petition/${petition.guid}/responses`)
      .form({
        responder: 'Kyiv City Council',
        respondedOn: '2026-01-07',
        body: '<p>We will <strong>keep</strong> the park.</p><script>alert(1)</script><p onclick="x()">Thank you.</p>',
      })
      .withCsrfToken()
      .loginAs(owner)
      .redirects(0)
    assert.equal(added.status(), 302)
    setClock(NOW.plus({ hours: 1 }))
    await addUpdates(client, owner, petition, [{ title: 'We won' }])

    assert.equal(await mailPetitionNews(NOW.plus({ hours: 1, minutes: 5 })), 2)
    const english = await onlyMailTo('anna@example.org')
    assert.include(english.html, 'Response from Kyiv City Council, January 7, 2026')
    assert.include(english.html, '<strong>keep</strong>')
    assert.notInclude(english.html, '<script')
    assert.notInclude(english.html, 'onclick')
    assert.include(english.text, 'We will keep the park.')
    // In the order they were added: the response, then the update.
    assert.isBelow(english.html!.indexOf('Kyiv City Council'), english.html!.indexOf('We won'))

    const spanish = await onlyMailTo('pedro@example.org')
    assert.include(spanish.html, 'Respuesta de Kyiv City Council, 7 de enero de 2026')
  })

  test('hidden and unpublished petitions keep their news until they are public again', async ({
    client,
    assert,
  }) => {
    const { petition, owner } = await publishedThisMorning()
    await follower(petition, 'anna@example.org')
    await addUpdates(client, owner, petition, [{ title: 'Hidden news' }])

    const stored = await Petition.findOrFail(petition.id)
    await stored.merge({ hiddenAt: NOW }).save()
    assert.equal(await mailPetitionNews(NOW.plus({ minutes: 5 })), 0)
    await stored.merge({ hiddenAt: null, published: false }).save()
    assert.equal(await mailPetitionNews(NOW.plus({ minutes: 10 })), 0)
    assert.isNotNull((await Petition.findOrFail(petition.id)).newsPendingSince)
    assert.lengthOf(await outbox.read(), 0)

    // Public again: the scheduled job mails it.
    await stored.merge({ published: true }).save()
    setClock(NOW.plus({ minutes: 15 }))
    await new MailPetitionNewsJob().execute()
    const mail = await onlyMailTo('anna@example.org')
    assert.include(mail.html, 'Hidden news')
  })
})

/**
 * Not in a global transaction: each run then has its own connections, as
 * two processes would, and only the claim keeps them apart.
 */
test.group('Petition news: runs at once', (group) => {
  group.each.setup(() => emptiedAfterwards())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })
  group.each.setup(() => () => restoreClock())

  test('three runs at once, each on its own connection, mail each signer once', async ({
    client,
    assert,
  }) => {
    const { petition, owner } = await publishedThisMorning()
    for (let n = 1; n <= 4; n++) await follower(petition, `reader${n}@example.org`)
    await addUpdates(client, owner, petition, [{ title: 'Delivered' }])

    const at = NOW.plus({ minutes: 5 })
    const runs = await Promise.all([
      mailPetitionNews(at, 2),
      mailPetitionNews(at, 2),
      mailPetitionNews(at, 2),
    ])
    assert.equal(
      runs.reduce((sum, count) => sum + count, 0),
      4
    )
    for (let n = 1; n <= 4; n++) assert.lengthOf(await mailsTo(`reader${n}@example.org`), 1)
  })
})

test.group('Petition news: the stop link', (group) => {
  eachTestOnItsOwn(group)

  test('opening the link changes nothing; only its button stops the news, for that signature only', async ({
    client,
    assert,
  }) => {
    setClock(NOW)
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'A safe crossing at School 12' })
      .with('user')
      .create()
    const owner = petition.user
    const anna = await follower(petition, 'anna@example.org')
    const bernd = await follower(petition, 'bernd@example.org')
    await addUpdates(client, owner, petition, [{ title: 'Delivered' }])
    await mailPetitionNews(NOW.plus({ minutes: 5 }))
    const link = pathOf(linkIn((await onlyMailTo('anna@example.org')).html, '/stop-updates'))

    // A mail scanner follows the link, twice: nothing changes.
    for (let visit = 0; visit < 2; visit++) {
      const page = await client.get(link).withInertia()
      page.assertStatus(200)
      page.assertInertiaComponent('Petition/StopUpdates')
      const props = page.inertiaProps as Record<string, any>
      assert.equal(props.stopUrl, link)
      assert.deepEqual(props.petition, {
        title: 'A safe crossing at School 12',
        slug: petition.slug,
      })
      assert.isFalse(props.stopped)
    }
    assert.isTrue(await wantsUpdates(anna))

    const pressed = await client.post(link).withCsrfToken().redirects(0)
    assert.equal(pressed.status(), 302)
    assert.equal(pressed.header('location'), link)
    assert.include(flashed(pressed, 'messages', 'success'), 'You will no longer receive news of')
    assert.isFalse(await wantsUpdates(anna))
    assert.isTrue(await wantsUpdates(bernd))
    // The signature itself stays and counts.
    const row = await Signature.findOrFail(anna.id)
    assert.isTrue(row.active)
    assert.isNotNull(row.confirmedAt)

    const again = await client.get(link).withInertia()
    assert.isTrue((again.inertiaProps as Record<string, any>).stopped)

    // The next news goes to the other signer only.
    setClock(NOW.plus({ days: 1, hours: 1 }))
    await addUpdates(client, owner, petition, [{ title: 'Answered' }])
    assert.equal(await mailPetitionNews(NOW.plus({ days: 1, hours: 2 })), 1)
    assert.lengthOf(await mailsTo('anna@example.org'), 1)
    assert.lengthOf(await mailsTo('bernd@example.org'), 2)
  })

  test('a forged, foreign or outdated link is refused without an error and changes nothing', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const anna = await follower(petition, 'anna@example.org')
    const bernd = await follower(petition, 'bernd@example.org')
    const annaLink = pathOf(stopUpdatesUrl(anna, 'en'))
    const url = new URL(annaLink, 'http://undersign.test')

    const forged = [
      // No signature at all, a tampered one, anna's signature on bernd's id, a gone signature.
      url.pathname,
      `${url.pathname}?signature=${url.searchParams.get('signature')}x`,
      `/signature/${bernd.id}/stop-updates${url.search}`,
      `/signature/99999999/stop-updates${url.search}`,
      // The withdraw link's signature is for another purpose.
      `/signature/${anna.id}/stop-updates?signature=not-even-base64`,
    ]
    for (const path of forged) {
      const page = await client.get(path).withInertia()
      page.assertStatus(200)
      page.assertInertiaComponent('Petition/StopUpdates')
      assert.isNull((page.inertiaProps as Record<string, any>).stopUrl, path)

      const pressed = await client.post(path).withCsrfToken().redirects(0)
      assert.equal(pressed.status(), 302, path)
      assert.include(flashed(pressed, 'messages', 'error'), 'This link no longer stops any news')
    }

    // A signature replaced since (a new token): the old link no longer acts.
    await Signature.query().where('id', anna.id).update({ confirmation_token: 'a-newer-token' })
    const outdated = await client.post(annaLink).withCsrfToken().redirects(0)
    assert.include(flashed(outdated, 'messages', 'error'), 'This link no longer stops any news')

    assert.isTrue(await wantsUpdates(anna))
    assert.isTrue(await wantsUpdates(bernd))
  })

  test("a mail client's one-click unsubscribe stops the news, with no cookie or token; a forged one changes nothing", async ({
    client,
    assert,
  }) => {
    const { petition, owner } = await publishedThisMorning()
    const anna = await follower(petition, 'anna@example.org')
    const bernd = await follower(petition, 'bernd@example.org')
    const olha = await follower(petition, 'olha@example.org')
    await addUpdates(client, owner, petition, [{ title: 'Delivered' }])
    await mailPetitionNews(NOW.plus({ minutes: 5 }))
    const mail = await onlyMailTo('anna@example.org')
    const header = listUnsubscribeOf(mail.headers)
    assert.isTrue(header.oneClick)
    // The header names the same signed link as the mail's text.
    assert.equal(header.link, linkIn(mail.html, '/stop-updates'))
    const annaLink = pathOf(header.link)

    // Without the one-click form, a POST with no token is still a forged form.
    const plain = await client.post(annaLink).form({})
    plain.assertStatus(419)
    assert.isTrue(await wantsUpdates(anna))

    // As mail clients send it: urlencoded, or multipart; no cookie, no redirect.
    const clicked = await oneClickUnsubscribe(client, annaLink)
    clicked.assertStatus(200)
    assert.include(clicked.text(), 'You will no longer receive news of')
    assert.isFalse(await wantsUpdates(anna))
    // Clicked twice: still done.
    ;(await oneClickUnsubscribe(client, annaLink, { multipart: true })).assertStatus(200)
    const multipart = await oneClickUnsubscribe(client, pathOf(stopUpdatesUrl(bernd, 'de')), {
      host: 'de.undersign.test',
      multipart: true,
    })
    multipart.assertStatus(200)
    assert.include(multipart.text(), 'Neuigkeiten')
    assert.isFalse(await wantsUpdates(bernd))

    // Anna's link on Olha's signature, or a tampered one: refused, Olha still follows.
    const url = new URL(annaLink, 'http://undersign.test')
    for (const forged of [
      `/signature/${olha.id}/stop-updates${url.search}`,
      `${url.pathname}?signature=${url.searchParams.get('signature')}x`,
      url.pathname,
    ]) {
      const refused = await oneClickUnsubscribe(client, forged)
      refused.assertStatus(400)
      assert.include(refused.text(), 'This link no longer stops any news')
    }
    assert.isTrue(await wantsUpdates(olha))
  })
})
