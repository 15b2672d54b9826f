import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import type Petition from '#models/petition'
import type User from '#models/user'
import { ROLE_MODERATOR } from '#models/user'
import PetitionResponse from '#models/petition_response'
import { petitionUrl } from '#services/petitions/sharing'
import { anonymiseSignatures } from '#services/signatures/personal_data'
import { PetitionFactory } from '#database/factories/petition_factory'
import { LetterFactory } from '#database/factories/letter_factory'
import { SignatureFactory } from '#database/factories/signature_factory'
import { makeMember } from '#tests/helpers/auth'
import { fieldErrors } from '#tests/helpers/validation'
import { bytesOf, readPdf, unzip, type PdfReading } from '#tests/helpers/pdf'

function packageOf(
  client: ApiClient,
  petition: Petition,
  member: User,
  form: Record<string, unknown>
) {
  return client
    .post(`/petition/${petition.guid}/delivery`)
    .form(form)
    .withCsrfToken()
    .loginAs(member)
    .redirects(0)
}

/** Everyone who signs the petition below, and whether the package may name them. */
const SIGNERS = [
  { first: 'Taras', last: 'Bondar', email: 'taras.bondar@example.org', listed: true },
  { first: 'Олена', last: 'Коваль', email: 'olena.koval@example.net', listed: true },
  { first: 'Anna', last: 'Anonymous', email: 'anna.hidden@example.org', state: 'anonymous' },
  { first: 'Udo', last: 'Unconfirmed', email: 'udo@example.org', state: 'unconfirmed' },
  { first: 'Ines', last: 'Inactive', email: 'ines@example.org', state: 'inactive' },
  { first: 'Otto', last: 'Opposing', email: 'otto@example.org', state: 'opposing' },
  { first: 'Erik', last: 'Erased', email: 'erik.erased@example.org', state: 'erased' },
] as const

/** A published petition with two letters (three recipients), a response and every kind of signer. */
async function petitionToDeliver() {
  const petition = await PetitionFactory.apply('published', 'withOpposition')
    .merge({
      title: 'Save the riverside park',
      target: 'Riverside City Council',
      description: '<p>Keep the <strong>riverside park</strong> green for everyone.</p>',
      supportCount: 1500,
      paperCount: 300,
      opposeCount: 1,
    })
    .with('user')
    .create()
  await LetterFactory.merge({
    petitionId: petition.id,
    payload: 'Dear members of the council,\nplease keep the park.',
    position: 0,
  })
    .with('recipients', 2, (recipient) =>
      recipient.merge([
        { name: 'Ivan Petrenko', payload: 'Mayor', email: 'mayor@city.example', position: 0 },
        { name: 'Maria Schmidt', payload: null, email: 'schmidt@city.example', position: 1 },
      ])
    )
    .create()
  await LetterFactory.merge({
    petitionId: petition.id,
    payload: 'Dear minister,\nthe region needs its parks.',
    position: 1,
  })
    .with('recipients', 1, (recipient) =>
      recipient.merge({ name: 'Paola Verdi', payload: 'Minister', email: 'verdi@gov.example' })
    )
    .create()
  const signedAt = DateTime.fromISO('2026-11-20T10:00:00Z', { zone: 'utc' })
  for (const [index, signer] of SIGNERS.entries()) {
    const state = 'state' in signer ? signer.state : null
    const factory =
      state && state !== 'erased' ? SignatureFactory.apply(state) : SignatureFactory.query()
    await factory
      .merge({
        petitionId: petition.id,
        firstName: signer.first,
        lastName: signer.last,
        email: signer.email,
        comment: `Comment of ${signer.first}: the park matters to us.`,
        country: index === 1 ? 'UA' : 'DE',
        createdAt: signedAt.plus({ minutes: index }),
      })
      .create()
  }
  await db.transaction((trx) =>
    anonymiseSignatures(trx, (query) => query.where('email', 'erik.erased@example.org'))
  )
  await db.table('petition_country_signatures').multiInsert([
    { petition_id: petition.id, country: 'DE', support: 700, oppose: 1 },
    { petition_id: petition.id, country: 'UA', support: 500, oppose: 0 },
  ])
  await PetitionResponse.create({
    petitionId: petition.id,
    responder: 'Riverside City Council',
    respondedOn: DateTime.fromISO('2026-12-01'),
    body: '<p>We will <strong>consider</strong> the park &amp; its trees.</p>',
  })
  return petition
}

function assertNoAddress(assert: any, pdf: PdfReading, bytes: Uint8Array) {
  const raw = Buffer.from(bytes).toString('latin1')
  for (const signer of SIGNERS) {
    assert.notInclude(pdf.text, signer.email)
    assert.notInclude(raw, signer.email)
  }
  for (const address of ['mayor@city.example', 'schmidt@city.example', 'verdi@gov.example']) {
    assert.notInclude(pdf.text, address)
    assert.notInclude(raw, address)
  }
  assert.notInclude(pdf.text, '@')
}

test.group('Delivery package', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a ZIP of one PDF per recipient: letter, demand, counts, responses and the named signers only', async ({
    client,
    assert,
  }) => {
    const petition = await petitionToDeliver()
    const response = await packageOf(client, petition, petition.user, {
      paperSize: 'a4',
      language: 'de',
      includeList: 'true',
    })
    response.assertStatus(200)
    assert.equal(response.header('content-type'), 'application/zip')
    assert.include(
      response.header('content-disposition'),
      `attachment; filename="${petition.slug}-delivery-de.zip"`
    )
    const files = unzip(bytesOf(response))
    assert.deepEqual(Object.keys(files), [
      '1-ivan-petrenko.pdf',
      '2-maria-schmidt.pdf',
      '3-paola-verdi.pdf',
    ])
    const [ivan, maria, paola] = await Promise.all(Object.values(files).map(readPdf))
    assert.include(ivan.words, 'An: Ivan Petrenko, Mayor')
    assert.include(ivan.words, 'Dear members of the council, please keep the park.')
    assert.include(maria.words, 'An: Maria Schmidt')
    assert.include(paola.words, 'An: Paola Verdi, Minister')
    assert.include(paola.words, 'Dear minister, the region needs its parks.')
    assert.notInclude(paola.words, 'please keep the park')

    for (const [index, pdf] of [ivan, maria, paola].entries()) {
      assert.include(pdf.words, 'Save the riverside park')
      assert.include(pdf.words, 'Keep the riverside park green for everyone.')
      assert.include(pdf.words, 'Gerichtet an: Riverside City Council')
      // The counts in German: support with paper, online, paper, by country.
      assert.include(pdf.words, 'Unterstützende insgesamt: 1.500')
      assert.include(pdf.words, 'Online unterschrieben und per E-Mail bestätigt: 1.200')
      assert.include(pdf.words, 'von der Moderation der Website geprüft: 300')
      assert.include(pdf.words, 'Deutschland')
      assert.include(pdf.words, 'Ukraine')
      assert.include(pdf.words, 'Wie die Petition gewachsen ist')
      assert.include(pdf.words, 'We will consider the park & its trees.')
      assert.include(pdf.links, petitionUrl(petition.slug, 'de'))
      // The signers: confirmed, active, supporting and not anonymous.
      assert.include(pdf.words, 'Taras Bondar')
      assert.include(pdf.words, 'Олена Коваль')
      assert.include(pdf.words, 'Comment of Taras: the park matters to us.')
      assert.include(pdf.words, '20.11.2026')
      for (const name of ['Anonymous', 'Unconfirmed', 'Inactive', 'Opposing', 'Erased']) {
        assert.notInclude(pdf.words, name)
      }
      assertNoAddress(assert, pdf, Object.values(files)[index])
    }
  })

  test('the list only when asked; one recipient gets one PDF', async ({ client, assert }) => {
    const petition = await petitionToDeliver()
    const recipient = await db.from('letter_recipients').where('name', 'Paola Verdi').firstOrFail()
    const response = await packageOf(client, petition, petition.user, {
      paperSize: 'letter',
      language: 'uk',
      recipient: recipient.id,
    })
    response.assertStatus(200)
    assert.equal(response.header('content-type'), 'application/pdf')
    assert.include(
      response.header('content-disposition'),
      `filename="${petition.slug}-delivery-uk-paola-verdi.pdf"`
    )
    const bytes = bytesOf(response)
    const pdf = await readPdf(bytes)
    assert.deepEqual(pdf.sizes[0], { width: 612, height: 792 })
    assert.include(pdf.words, 'Кому: Paola Verdi, Minister')
    // Ukrainian groups thousands with a (no-break) space.
    assert.include(pdf.words, 'Усього прихильників: 1 500')
    assert.notInclude(pdf.words, 'Taras')
    assert.notInclude(pdf.words, 'Коваль')
    assert.notInclude(pdf.words, 'Підписанти')
    assertNoAddress(assert, pdf, bytes)
  })

  test('a petition with no recipient gets one PDF addressed to its target', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Сохраним парк', target: 'Городской совет' })
      .with('user')
      .create()
    await SignatureFactory.merge({
      petitionId: petition.id,
      firstName: 'Пётр',
      lastName: 'Иванов',
    }).create()
    const response = await packageOf(client, petition, petition.user, {
      paperSize: 'a4',
      language: 'ru',
      includeList: 'true',
    })
    response.assertStatus(200)
    assert.equal(response.header('content-type'), 'application/pdf')
    const pdf = await readPdf(bytesOf(response))
    assert.include(pdf.words, 'Кому: Городской совет')
    assert.include(pdf.words, 'Сохраним парк')
    assert.include(pdf.words, 'Пётр Иванов')
    assert.include(pdf.words, 'Пока нет ответов')
  })

  test('a guest is sent to log in, a stranger gets 403 (404 for a draft), a moderator is recorded', async ({
    client,
    assert,
  }) => {
    const petition = await petitionToDeliver()
    const draft = await PetitionFactory.with('user').create()
    const stranger = await makeMember({ email: 'stranger@example.org' })
    const form = { paperSize: 'a4', language: 'en', includeList: 'true' }
    const guest = await client
      .post(`/petition/${petition.guid}/delivery`)
      .form(form)
      .withCsrfToken()
      .redirects(0)
    guest.assertStatus(302)
    guest.assertHeader('location', '/login')
    const refused = await packageOf(client, petition, stranger, form)
    refused.assertStatus(403)
    assert.notInclude(refused.text() ?? '', 'Taras')
    ;(await packageOf(client, draft, stranger, form)).assertStatus(404)

    const moderator = await makeMember({ email: 'mod@example.org', role: ROLE_MODERATOR })
    ;(
      await packageOf(client, petition, moderator, { ...form, includeList: undefined })
    ).assertStatus(200)
    assert.lengthOf(await db.from('moderation_events').where('petition_id', petition.id), 0)
    ;(await packageOf(client, petition, moderator, form)).assertStatus(200)
    const events = await db.from('moderation_events').where('petition_id', petition.id)
    assert.deepEqual(
      events.map((event) => [event.action, event.actor_id]),
      [['signatures_exported', moderator.id]]
    )
    // The owner's own download is not moderation.
    ;(await packageOf(client, petition, petition.user, form)).assertStatus(200)
    assert.lengthOf(await db.from('moderation_events').where('petition_id', petition.id), 1)
  })

  test('bad input is a field error, never a 5xx: a recipient of another petition too', async ({
    client,
    assert,
  }) => {
    const petition = await petitionToDeliver()
    const other = await PetitionFactory.apply('published', 'withEverySection').with('user').create()
    const foreign = await db
      .from('letter_recipients')
      .join('letters', 'letters.id', 'letter_recipients.letter_id')
      .where('letters.petition_id', other.id)
      .select('letter_recipients.id')
      .firstOrFail()
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ paperSize: 'a4', language: 'en', recipient: foreign.id }, ['recipient']],
      [{ paperSize: 'a4', language: 'en', recipient: 'everyone' }, ['recipient']],
      [{ paperSize: 'a4', language: 'en', recipient: 99999999999 }, ['recipient']],
      [
        { paperSize: 'a5', language: 'xx', includeList: 'maybe' },
        ['paperSize', 'language', 'includeList'],
      ],
      [{}, ['paperSize', 'language']],
    ]
    for (const [form, fields] of cases) {
      const response = await packageOf(client, petition, petition.user, form)
      response.assertStatus(302)
      assert.sameMembers(Object.keys(fieldErrors(response)), fields, JSON.stringify(form))
    }
    // The select's "every recipient" sends an empty value: the whole package.
    const every = await packageOf(client, petition, petition.user, {
      paperSize: 'a4',
      language: 'en',
      recipient: '',
    })
    every.assertStatus(200)
    assert.equal(every.header('content-type'), 'application/zip')
  })
})
