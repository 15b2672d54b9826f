import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import i18nManager from '@adonisjs/i18n/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import type Petition from '#models/petition'
import { ROLE_MEMBER, ROLE_UNVERIFIED } from '#models/user'
import PruneUnconfirmedSignaturesJob from '#jobs/prune_unconfirmed_signatures_job'
import { flashed, makeMember } from '#tests/helpers/auth'
import { linkIn, outbox } from '#tests/helpers/outbox'
import { confirmationPath, pathOf, sign, signatureRows, swalOf } from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'
import { storedDateTime } from '#support/stored_dates'

const en = i18nManager.locale('en')
const uk = i18nManager.locale('uk')
/** The address a signer signed with, which an outsider knows. */
const KNOWN = 'olena.koval@example.org'

/** The signer signs (anonymously, in `host`'s language) and confirms from the mail. */
async function signerSigns(client: ApiClient, petition: Petition, host = 'undersign.test') {
  await sign(client, petition, { email: KNOWN, private: true }).header('host', host)
  const row = (await signatureRows(petition)).find((signature) => signature.email === KNOWN)
  await client.post(confirmationPath(row)).withCsrfToken().redirects(0)
  await outbox.clear()
  return row
}

/** The raw value of the cookie a response sets, as the browser stores it. */
function rawCookie(response: ApiResponse, name: string) {
  const header = response.headers()['set-cookie'] as string[] | string | undefined
  const line = [header ?? []].flat().find((cookie) => cookie.startsWith(`${name}=`))
  return line ? decodeURIComponent(line.slice(name.length + 1).split(';')[0]) : null
}

/**
 * What an outsider's browser gets from signing with `email`, with the
 * address taken out: the answer (status, redirect, flashed messages,
 * cookies set) and the petition's page after it, as Inertia JSON.
 */
async function outsiderSigns(
  client: ApiClient,
  petition: Petition,
  email: string,
  asInertia: boolean
) {
  const request = sign(client, petition, { email, firstName: 'Mallory', lastName: 'Outsider' })
  const answer = await (asInertia ? request.withInertia() : request)
  const cookie = rawCookie(answer, 'signed_petitions')
  const page = await client
    .get(`/petition/${petition.slug}`)
    .withInertia()
    .withEncryptedCookie('signed_petitions', answer.cookie('signed_petitions')?.value)
  const props = { ...page.inertiaProps }
  const signedAt = String(props.whenISignedThisPetition)
  check(Math.abs(Date.parse(signedAt) - Date.now()) < 60_000, `signed now: ${signedAt}`)
  props.whenISignedThisPetition = 'now'
  const seen = {
    status: answer.status(),
    location: answer.header('location'),
    flash: answer.flashMessages(),
    cookiesSet: Object.keys(answer.cookies()).sort(),
    cookieLength: cookie?.length,
    cookieKind: cookie?.slice(0, 2),
    page: { status: page.status(), cacheControl: page.header('cache-control'), props },
  }
  return JSON.parse(JSON.stringify(seen).replaceAll(email, '<typed address>'))
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message)
}

/**
 * Whether an address signed a petition is its mailbox's business: typing a
 * known signer's address into the sign form must answer exactly what a new
 * address gets, and only the mailbox hears of it.
 */
test.group('Security: the sign form tells nobody whether an address signed', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('an outsider who types a signer’s address gets the answer, cookie and page a new address gets', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published', 'withOpposition')
      .merge({ allowComments: true })
      .with('user')
      .with('customFields')
      .create()
    const signer = await signerSigns(client, petition)

    for (const asInertia of [false, true]) {
      const fresh = await outsiderSigns(client, petition, `new-${asInertia}@example.org`, asInertia)
      // The known address, spelled as the signer did and as another spelling of the same mailbox.
      for (const known of [KNOWN, 'Olena.Koval+x@Example.org']) {
        const repeated = await outsiderSigns(client, petition, known, asInertia)
        assert.deepEqual(repeated, fresh, known)
      }
      assert.equal(fresh.flash.swal.info.title, en.t('page.petition_page.almost_done_title'))
      assert.deepEqual(fresh.page.props.mySignature, {
        status: 'pending',
        email: '<typed address>',
        guest: true,
      })
      assert.isFalse(fresh.page.props.canSignPetition)
      // An encrypted cookie of one length: it says nothing to the browser that holds it.
      assert.equal(fresh.cookieKind, 'e:')
    }

    // Nothing of the outsider was stored over the signature, which alone counts.
    const rows = await signatureRows(petition)
    const known = rows.filter((row) => row.email_normalized === KNOWN)
    assert.lengthOf(known, 1)
    assert.containSubset(known[0], { id: signer.id, first_name: 'Olena', last_name: 'Koval' })
    assert.isNotNull(known[0].confirmed_at)
    // Each new address got its link; the signer's mailbox alone heard of the others, once.
    assert.lengthOf(await outbox.to('new-false@example.org'), 1)
    assert.lengthOf(await outbox.to('new-true@example.org'), 1)
    const told = await outbox.to(KNOWN)
    assert.lengthOf(told, 1)
    assert.equal(told[0].subject, en.t('mail.signed_again.subject', { title: petition.title }))
    assert.lengthOf(await outbox.read(), 3)
  })

  test('the mailbox hears that it signed again and when, in its language with its withdraw link, once a day', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signer = await signerSigns(client, petition, 'uk.undersign.test')
    await db
      .from('signatures')
      .where('id', signer.id)
      .update({ created_at: '2026-12-05 14:30:00', confirmed_at: '2026-12-05 14:31:00' })

    for (let attempt = 0; attempt < 3; attempt++) await sign(client, petition, { email: KNOWN })
    const [mail] = await outbox.to(KNOWN)
    assert.lengthOf(await outbox.to(KNOWN), 1)
    assert.equal(mail.subject, uk.t('mail.signed_again.subject', { title: petition.title }))
    const date = new Intl.DateTimeFormat('uk', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date('2026-12-05T14:30:00Z')
    )
    assert.include(mail.text, uk.t('mail.signed_again.body', { title: petition.title, date }))
    assert.include(mail.text, uk.t('mail.signed_again.not_you'))
    const withdraw = await client.get(pathOf(linkIn(mail.html, '/withdraw'))).withInertia()
    withdraw.assertStatus(200)
    assert.equal(withdraw.inertiaProps.petition?.title, petition.title)

    // A day later the mailbox hears of the next one.
    const dayAgo = DateTime.utc()
      .minus({ hours: 25 })
      .toFormat(db.connection().dialect.dateTimeFormat)
    await db.from('signatures').where('id', signer.id).update({ signed_again_at: dayAgo })
    await sign(client, petition, { email: KNOWN })
    assert.lengthOf(await outbox.to(KNOWN), 2)
    const [row] = await signatureRows(petition)
    assert.isAbove(storedDateTime(row.signed_again_at)!.toMillis(), Date.now() - 60_000)
  })

  test('an address waiting for its link answers as a new one: replaced within the day’s links, then left alone', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const first = await sign(client, petition, { email: KNOWN })
    const answers = []
    for (const lastName of ['Kovalenko', 'Kovalchuk', 'Shevchenko', 'Bondar']) {
      answers.push(await sign(client, petition, { email: KNOWN, lastName }))
    }
    for (const answer of answers) {
      assert.deepEqual(answer.flashMessages(), first.flashMessages())
      assert.equal(answer.status(), first.status())
    }
    // The first link and two re-sent; past them nothing changed and nothing was sent.
    assert.lengthOf(await outbox.to(KNOWN), 3)
    const [row] = await signatureRows(petition)
    assert.equal(row.last_name, 'Kovalchuk')
    assert.isNull(row.confirmed_at)
  })

  test('an unverified account registered with a signer’s address is answered and shown as a first signer', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const other = await PetitionFactory.apply('published').with('user').create()
    await signerSigns(client, petition)
    const account = await makeMember({ email: KNOWN, role: ROLE_UNVERIFIED })

    const seen = []
    for (const target of [other, petition]) {
      const answer = await sign(client, target, {}, account)
      const page = await client.get(`/petition/${target.slug}`).withInertia().loginAs(account)
      const { mySignature, canSignPetition } = page.inertiaProps
      seen.push({
        status: answer.status(),
        flash: answer.flashMessages(),
        mySignature,
        canSignPetition,
      })
    }
    assert.deepEqual(seen[1], seen[0])
    assert.deepEqual(seen[0].mySignature, { status: 'pending', email: KNOWN, guest: false })
    // "Send it again" answers as on a first signature.
    const resent = await client
      .post(`/petition/${petition.guid}/sign/resend`)
      .withCsrfToken()
      .loginAs(account)
      .redirects(0)
    assert.equal(
      flashed(resent, 'messages', 'success'),
      en.t('page.petition_page.link_sent_again', { email: KNOWN })
    )

    // Once the account proves the mailbox, it is the signer's and is told so.
    account.role = ROLE_MEMBER
    await account.save()
    const told = await sign(client, petition, {}, account)
    assert.equal(flashed(told, 'messages', 'warning'), en.t('page.sign.already_signed'))
    assert.deepEqual(swalOf(told), {})
  })

  test('“Send it again” and “Wrong address?” act on a second signature as on a first one', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await signerSigns(client, petition)
    const answer = await sign(client, petition, { email: KNOWN })
    const cookie = answer.cookie('signed_petitions')!.value
    const action = (name: 'resend' | 'discard') =>
      client
        .post(`/petition/${petition.guid}/sign/${name}`)
        .withCsrfToken()
        .withEncryptedCookie('signed_petitions', cookie)
        .redirects(0)

    const resent = await action('resend')
    assert.equal(
      flashed(resent, 'messages', 'success'),
      en.t('page.petition_page.link_sent_again', { email: KNOWN })
    )
    // The notice went out with the sign: within the day the mailbox hears nothing more.
    assert.lengthOf(await outbox.to(KNOWN), 1)

    const discarded = await action('discard')
    assert.equal(
      flashed(discarded, 'messages', 'info'),
      en.t('page.petition_page.pending_discarded')
    )
    assert.notProperty(discarded.cookie('signed_petitions')?.value ?? {}, String(petition.id))
    const [repeats] = await db
      .from('repeat_signings')
      .where('petition_id', petition.id)
      .count('* as n')
    assert.equal(Number(repeats.n), 0)
    ;(await action('resend')).assertStatus(404)
  })

  test('second signatures are deleted with the unconfirmed signatures, after 7 days', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await signerSigns(client, petition)
    await sign(client, petition, { email: KNOWN })
    await sign(client, petition, { email: 'Olena.Koval+again@example.org' })
    const [old] = await db.from('repeat_signings').where('petition_id', petition.id).orderBy('id')
    const eightDaysAgo = DateTime.utc()
      .minus({ days: 8 })
      .toFormat(db.connection().dialect.dateTimeFormat)
    await db.from('repeat_signings').where('id', old.id).update({ created_at: eightDaysAgo })

    await new PruneUnconfirmedSignaturesJob().execute()

    const left = await db.from('repeat_signings').where('petition_id', petition.id)
    assert.deepEqual(
      left.map((row) => row.email),
      ['Olena.Koval+again@example.org']
    )
  })
})
