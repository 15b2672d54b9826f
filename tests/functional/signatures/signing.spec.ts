import { emptiedAfterwards } from '#tests/helpers/database'
import { test } from '@japa/runner'
import { networkHash } from '#support/signer_traces'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import Signature from '#models/signature'
import { ROLE_UNVERIFIED } from '#models/user'
import { signatureCounter } from '#runtime/signatures/counter'
import { makeMember, flashed } from '#tests/helpers/auth'
import { fieldErrors } from '#tests/helpers/validation'
import { outbox, linkIn } from '#tests/helpers/outbox'
import { goodToken, requireTurnstile } from '#tests/helpers/turnstile_stub'
import {
  confirmationPath,
  countsOf,
  pathOf,
  sign,
  signatureRows,
  swalOf,
} from '#tests/helpers/signatures'
import { PetitionFactory } from '#database/factories/petition_factory'

test.group('Signing a petition', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('every field of the sign form reports its own error key', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published', 'withOpposition', 'withCustomFields')
      .merge({ allowComments: true })
      .with('user')
      .create()
    const response = await client
      .post(`/petition/${petition.guid}/sign`)
      .json({
        firstName: 'Ol',
        lastName: '',
        email: 'not-an-email',
        comment: 'Too short',
        private: 'perhaps',
        support: 'maybe',
        customFields: [{ id: petition.customFields[1].id, value: 'forty' }],
      })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    assert.sameMembers(Object.keys(fieldErrors(response)), [
      'firstName',
      'lastName',
      'email',
      'country',
      'comment',
      'private',
      'support',
      'customFields.0.value',
      'customFields.1.value',
    ])
    assert.equal(fieldErrors(response)['customFields.0.value'][0], 'Please fill in this field')
    assert.equal(fieldErrors(response)['customFields.1.value'][0], 'Please enter a number')
    assert.lengthOf(await signatureRows(petition), 0)
  })

  test('the comment is asked for only where the petition allows comments', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ allowComments: false })
      .with('user')
      .create()
    const response = await sign(client, petition, { comment: undefined })
    assert.deepEqual(fieldErrors(response), {})
    const [row] = await signatureRows(petition)
    assert.isNull(row.comment)
  })

  test('errors come back translated in the page language', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published')
      .with('user')
      .with('customFields')
      .create()
    const response = await client
      .post(`/petition/${petition.guid}/sign`)
      .header('host', 'uk.undersign.test')
      .json({ firstName: '', lastName: 'Koval', email: 'olena@example.org', customFields: [] })
      .withCsrfToken()
      .redirects(0)
    const errors = fieldErrors(response)
    assert.match(errors.firstName[0], /[а-яіїє]/i)
    assert.match(errors['customFields.0.value'][0], /[а-яіїє]/i)
  })

  test('the country is required and must be a known code, with its error in the page language', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    for (const country of [undefined, '', 'XX', 'ZZ', 'Portugal', 42]) {
      const refused = await client
        .post(`/petition/${petition.guid}/sign`)
        .header('host', 'pt.undersign.test')
        .json({
          firstName: 'Maria',
          lastName: 'Santos',
          email: 'maria@example.pt',
          country,
          customFields: [],
        })
        .withCsrfToken()
        .redirects(0)
      assert.deepEqual(
        fieldErrors(refused).country,
        ['Escolha o país onde você mora'],
        String(country)
      )
    }
    assert.lengthOf(await signatureRows(petition), 0)

    // Any case of a known code is stored as the code.
    const accepted = await sign(client, petition, { email: 'maria@example.pt', country: 'pt' })
    assert.deepEqual(fieldErrors(accepted), {})
    const [row] = await signatureRows(petition)
    assert.equal(row.country, 'PT')
  })

  test("a signature keeps its network's keyed hash and its e-mail's domain, never the address", async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await sign(client, petition, { email: 'Maria@Example.PT' })
    const [row] = await signatureRows(petition)
    // The test client connects from 127.0.0.1: its /24 hashed with the app's key.
    assert.equal(row.network_hash, networkHash('127.0.0.1'))
    assert.equal(row.network_hash, networkHash('127.0.0.200'), 'the same /24')
    assert.equal(row.email_domain, 'example.pt')
    const stored = JSON.stringify(row)
    assert.notInclude(stored, '127.0.0')
  })

  test('a postal code is stored as typed only where the petition asks for it', async ({
    client,
    assert,
  }) => {
    const asking = await PetitionFactory.apply('published')
      .merge({ askPostalCode: true })
      .with('user')
      .create()
    const notAsking = await PetitionFactory.apply('published').with('user').create()
    await sign(client, asking, { postalCode: ' 1000-001 ' })
    await sign(client, notAsking, { postalCode: '1000-001' })
    assert.equal((await signatureRows(asking))[0].postal_code, '1000-001')
    assert.isNull((await signatureRows(notAsking))[0].postal_code)

    const tooLong = await sign(client, asking, {
      email: 'other@example.org',
      postalCode: '1'.repeat(21),
    })
    assert.property(fieldErrors(tooLong), 'postalCode')
    assert.lengthOf(await signatureRows(asking), 1)
  })

  test('a failed bot check refuses the signature', async ({ client, assert, cleanup }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await requireTurnstile(cleanup)
    const refused = await sign(client, petition, { cfTurnstileResponse: 'bad-token' })
    assert.property(fieldErrors(refused), 'cfTurnstileResponse')
    assert.lengthOf(await signatureRows(petition), 0)

    const accepted = await sign(client, petition, { cfTurnstileResponse: goodToken('sign') })
    assert.deepEqual(fieldErrors(accepted), {})
    assert.lengthOf(await signatureRows(petition), 1)
  })

  test('a guest signs: stored unconfirmed, told it is almost done (check the inbox), mailed a link', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .with('user')
      .with('customFields')
      .create()
    const response = await sign(client, petition, { email: 'Olena.Koval+park@Example.org' })
    response.assertStatus(302)
    // One dialog, and it does not say the signature is recorded: the inbox has the last step.
    const swal = swalOf(response)
    assert.deepEqual(Object.keys(swal), ['info'])
    assert.equal(swal.info?.title, 'Almost done: check your inbox')
    assert.include(swal.info?.payload, 'Olena.Koval+park@Example.org')
    assert.notInclude(swal.info?.payload, 'recorded')

    const [row] = await signatureRows(petition)
    assert.isNull(row.confirmed_at)
    assert.equal(row.email, 'Olena.Koval+park@Example.org')
    assert.equal(row.email_normalized, 'olena.koval@example.org')
    assert.equal(JSON.parse(row.custom_fields_data)[petition.customFields[0].id], 'Podil')

    const [mail] = await outbox.to('Olena.Koval+park@Example.org')
    assert.include(mail.subject, petition.title)
    assert.include(linkIn(mail.html, '/signature/'), `/signature/${row.id}/confirm`)

    await signatureCounter.flush()
    assert.deepEqual(await countsOf(petition), { support: 0, oppose: 0 })
  })

  test('the confirmation mail goes out in the language of the page', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await sign(client, petition, { email: 'ivan@example.org' }).header('host', 'uk.undersign.test')
    const [mail] = await outbox.to('ivan@example.org')
    assert.match(mail.subject, /^Підтвердьте свій підпис/)
    assert.include(linkIn(mail.html, '/signature/'), 'http://uk.undersign.test:3334/signature/')
  })

  test('duplicates of a confirmed signature by case, +tag and gmail dots change nothing and are answered as first signatures', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await sign(client, petition, { email: 'anna.smith@gmail.com' })
    const [signed] = await signatureRows(petition)
    await client.post(confirmationPath(signed)).withCsrfToken()
    for (const email of [
      'Anna.Smith@GMAIL.com',
      'anna.smith+petitions@gmail.com',
      'a.n.n.a.s.m.i.t.h@googlemail.com',
    ]) {
      const response = await sign(client, petition, { email, firstName: 'Other' })
      assert.isUndefined(flashed(response, 'messages', 'warning'), email)
      assert.equal(swalOf(response).info?.title, 'Almost done: check your inbox', email)
      assert.include(swalOf(response).info?.payload, email)
    }
    const rows = await signatureRows(petition)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].first_name, 'Olena')
    // The link, the notice that it is confirmed, and once that day the notice that it signed again.
    const subjects = (await outbox.read()).map((mail) => mail.subject)
    assert.lengthOf(subjects, 3)
    assert.lengthOf(
      subjects.filter((subject) => subject.startsWith('You have already signed')),
      1
    )
  })

  test('only the POST of the link confirms, and only once', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await sign(client, petition, { email: 'olena@example.org' })
    const [mail] = await outbox.to('olena@example.org')
    const link = pathOf(linkIn(mail.html, '/signature/'))

    const page = await client.get(link).withInertia()
    page.assertInertiaComponent('Petition/ConfirmSignature')
    assert.equal(page.inertiaProps.confirmUrl, link)
    assert.isFalse(page.inertiaProps.alreadyConfirmed)
    await signatureCounter.flush()
    assert.isNull((await signatureRows(petition))[0].confirmed_at)
    assert.deepEqual(await countsOf(petition), { support: 0, oppose: 0 })

    const first = await client.post(link).withCsrfToken().redirects(0)
    first.assertHeader('location', `/petition/${petition.slug}`)
    // The page says so itself ("Your signature is confirmed"), brought into view once.
    assert.equal(first.flashMessages()?.petitionPage, 'signatureConfirmed')
    const second = await client.post(link).withCsrfToken().redirects(0)
    second.assertHeader('location', `/petition/${petition.slug}`)

    await signatureCounter.flush()
    assert.deepEqual(await countsOf(petition), { support: 1, oppose: 0 })
    assert.isNotNull((await signatureRows(petition))[0].confirmed_at)
  })

  test('a tampered or foreign link confirms nothing', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await sign(client, petition, { email: 'olena@example.org' })
    const [row] = await signatureRows(petition)
    const link = confirmationPath(row)
    const tampered = link.replace(`/signature/${row.id}/`, `/signature/${row.id + 1}/`)

    const page = await client.get(tampered).withInertia()
    assert.isNull(page.inertiaProps.confirmUrl)
    const refused = await client.post(tampered).withCsrfToken().redirects(0)
    assert.include(flashed(refused, 'messages', 'error'), 'invalid or has expired')
    const unsigned = await client.post(`/signature/${row.id}/confirm`).withCsrfToken().redirects(0)
    assert.include(flashed(unsigned, 'messages', 'error'), 'invalid or has expired')
    assert.isNull((await signatureRows(petition))[0].confirmed_at)
  })

  test('counts follow confirmations, on the oppose side too', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published', 'withOpposition')
      .with('user')
      .create()
    await sign(client, petition, { email: 'for@example.org', support: true })
    await sign(client, petition, { email: 'against@example.org', support: false })
    const rows = await signatureRows(petition)
    assert.deepEqual(
      rows.map((row) => row.score),
      [1, -1]
    )
    for (const row of rows) await client.post(confirmationPath(row)).withCsrfToken()
    await signatureCounter.flush()
    assert.deepEqual(await countsOf(petition), { support: 1, oppose: 1 })

    const page = await client.get(`/petition/${petition.slug}`).withInertia()
    assert.containSubset(page.inertiaProps.petition, {
      totalSignatures: 2,
      positivePercentage: 50,
      negativePercentage: 50,
    })
  })

  test('without opposition every signature supports', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    await sign(client, petition, { support: false })
    const [row] = await signatureRows(petition)
    assert.equal(row.score, 1)
  })

  test('a verified member signs as their account and is counted at once', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const member = await makeMember({ firstName: 'Taras', lastName: 'Bondar' })
    const response = await sign(
      client,
      petition,
      { firstName: 'Someone', email: 'someone.else@example.org' },
      member
    )
    assert.isUndefined(swalOf(response).info)
    const [row] = await signatureRows(petition)
    assert.equal(row.email, member.email)
    assert.equal(row.first_name, 'Taras')
    assert.equal(row.user_id, member.id)
    assert.isNotNull(row.confirmed_at)
    // No link to confirm: the notice that it is confirmed, with the link that withdraws it.
    const [notice] = await outbox.to(member.email)
    assert.match(notice.subject, /^Your signature is confirmed/)
    assert.include(linkIn(notice.html, '/withdraw'), `/signature/${row.id}/withdraw`)
    await member.refresh()
    assert.equal(member.signaturesCount, 1)

    await signatureCounter.flush()
    assert.deepEqual(await countsOf(petition), { support: 1, oppose: 0 })
    const page = await client.get(`/petition/${petition.slug}`).withInertia().loginAs(member)
    assert.isFalse(page.inertiaProps.canSignPetition)
    assert.isString(page.inertiaProps.whenISignedThisPetition)
  })

  test('an unverified member must confirm by e-mail like a guest', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const member = await makeMember({ role: ROLE_UNVERIFIED })
    const response = await sign(client, petition, {}, member)
    assert.equal(swalOf(response).info?.title, 'Almost done: check your inbox')
    const [row] = await signatureRows(petition)
    assert.isNull(row.confirmed_at)
    assert.lengthOf(await outbox.to(member.email), 1)
  })

  test('a guest is remembered by a signed cookie and sees when they signed', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const signed = await sign(client, petition)
    const cookie = signed.cookie('signed_petitions')
    assert.isDefined(cookie)
    const page = await client
      .get(`/petition/${petition.slug}`)
      .withInertia()
      .withCookie('signed_petitions', cookie!.value)
    assert.isFalse(page.inertiaProps.canSignPetition)
    assert.isString(page.inertiaProps.whenISignedThisPetition)

    const stranger = await client.get(`/petition/${petition.slug}`).withInertia()
    assert.isTrue(stranger.inertiaProps.canSignPetition)
    assert.isNull(stranger.inertiaProps.whenISignedThisPetition)
  })

  test('finished and unpublished petitions refuse signatures', async ({ client, assert }) => {
    const finished = await PetitionFactory.apply('finished').with('user').create()
    const closed = await sign(client, finished)
    assert.equal(
      flashed(closed, 'messages', 'error'),
      'This petition is closed: it no longer accepts signatures.'
    )
    assert.lengthOf(await signatureRows(finished), 0)
    const page = await client.get(`/petition/${finished.slug}`).withInertia()
    assert.isFalse(page.inertiaProps.canSignPetition)

    const draft = await PetitionFactory.with('user').create()
    const hidden = await sign(client, draft)
    hidden.assertStatus(404)
    assert.lengthOf(await signatureRows(draft), 0)
  })

  test('signing is rate-limited per e-mail, whatever the address', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const statuses = []
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await sign(client, petition, { email: `Olena+${attempt}@example.org` })
      statuses.push(response.status())
    }
    assert.deepEqual(statuses, [302, 302, 302, 302, 302, 429])
  })

  test('a signature keeps only the answers of the petition fields', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published')
      .with('user')
      .with('customFields')
      .create()
    await sign(client, petition, {
      customFields: [
        { id: petition.customFields[0].id, value: 'Obolon' },
        { id: 999_999, value: 'smuggled' },
      ],
    })
    const signature = await Signature.query().where('petition_id', petition.id).firstOrFail()
    assert.deepEqual(signature.customFieldsData, { [petition.customFields[0].id]: 'Obolon' })
  })
})

/*
 * Concurrent requests need committed rows, as in production: in a shared test
 * transaction a refused INSERT would abort PostgreSQL's transaction for the
 * other requests using it at that moment.
 */
test.group('Signs at the same moment', (group) => {
  group.each.setup(() => emptiedAfterwards())
  group.each.setup(async () => {
    await limiter.clear()
    await outbox.clear()
  })

  test('20 concurrent signs with distinct e-mails are all counted once confirmed', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        sign(client, petition, { email: `signer${index}@example.org` })
      )
    )
    for (const response of responses) response.assertStatus(302)
    const rows = await signatureRows(petition)
    assert.lengthOf(rows, 20)

    await Promise.all(
      rows.map((row) => client.post(confirmationPath(row)).withCsrfToken().redirects(0))
    )
    await signatureCounter.flush()
    assert.deepEqual(await countsOf(petition), { support: 20, oppose: 0 })
  })

  test('10 concurrent signs with one e-mail leave exactly one signature, never a 500', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => sign(client, petition, { email: 'same@example.org' }))
    )
    for (const response of responses) assert.isBelow(response.status(), 500)
    // Within the address's 5 signs an hour, every sign is answered as a first one (the
    // others are told to wait); the link goes out 3 times a day at most.
    const thanked = responses.filter((response) => swalOf(response).info)
    assert.lengthOf(thanked, 5)
    assert.lengthOf(
      responses.filter((response) => response.status() === 429),
      5
    )
    assert.lengthOf(await outbox.to('same@example.org'), 3)
    const rows = await signatureRows(petition)
    assert.lengthOf(rows, 1)

    await client.post(confirmationPath(rows[0])).withCsrfToken()
    await signatureCounter.flush()
    assert.deepEqual(await countsOf(petition), { support: 1, oppose: 0 })
  })
})
