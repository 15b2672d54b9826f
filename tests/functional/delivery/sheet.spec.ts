import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import i18nManager from '@adonisjs/i18n/services/main'
import type { ApiClient } from '@japa/api-client'
import { LOCALES, type Locale } from '#app/i18n/locales'
import type Petition from '#models/petition'
import type User from '#models/user'
import { petitionUrl } from '#services/petitions/sharing'
import { PetitionFactory } from '#database/factories/petition_factory'
import { makeMember } from '#tests/helpers/auth'
import { fieldErrors } from '#tests/helpers/validation'
import { PAGE_SIZES, bytesOf, readPdf } from '#tests/helpers/pdf'

/** A title in each language, Cyrillic for Ukrainian and Russian, with its own letters elsewhere. */
const TITLES: Record<Locale, string> = {
  en: 'Save the riverside park',
  es: 'Salvemos el parque de Ñuñoa',
  fr: 'Sauvons le jardin des Plantes à Léon',
  de: 'Rettet den Stadtpark an der Straße',
  it: 'Salviamo il parco della città',
  uk: 'Збережімо парк Шевченка в Києві',
  pt: 'Salvemos o jardim da Estrela já',
  ru: 'Сохраним парк Шевченко в Киеве',
}

function sheetOf(
  client: ApiClient,
  petition: Petition,
  member: User,
  form: Record<string, unknown>
) {
  return client
    .post(`/petition/${petition.guid}/sheet`)
    .form(form)
    .withCsrfToken()
    .loginAs(member)
    .redirects(0)
}

test.group('Signature sheets', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test(
    '{$self}: a PDF with the title, the QR code and the address of the petition in that language'
  )
    .with([...LOCALES])
    .run(async ({ client, assert }, language) => {
      const petition = await PetitionFactory.apply('published')
        .merge({ title: TITLES[language], lang: language, target: 'Київська міська рада' })
        .with('user')
        .create()
      const response = await sheetOf(client, petition, petition.user, {
        paperSize: 'a4',
        language,
      })
      response.assertStatus(200)
      assert.equal(response.header('content-type'), 'application/pdf')
      assert.include(
        response.header('content-disposition'),
        `attachment; filename="${petition.slug}-signature-sheet-${language}-a4.pdf"`
      )
      assert.equal(response.header('cache-control'), 'no-store')

      const pdf = await readPdf(bytesOf(response))
      const url = petitionUrl(petition.slug, language)
      assert.match(
        url,
        language === 'en' ? /^http:\/\/undersign\.test/ : new RegExp(`^http://${language}\\.`)
      )
      assert.equal(pdf.pages, 1)
      assert.include(pdf.words, TITLES[language])
      assert.include(pdf.words, 'Київська міська рада')
      assert.include(pdf.text.replace(/\s/g, ''), url)
      // The QR code's area and the address are links to it.
      assert.include(pdf.links, url)
      assert.isTrue(pdf.links.every((link) => link === url))
      // The texts of the chosen language, the rows numbered, the privacy notice.
      const t = (key: string) => i18nManager.locale(language).t(`delivery.sheet.${key}`)
      assert.include(pdf.words, t('privacy_title'))
      assert.include(pdf.words, t('columns.signature'))
      assert.include(pdf.words, t('columns.city'))
      assert.match(pdf.words, /\b1\b[\s\S]*\b10\b/)
    })

  test('A4 and US Letter give their page sizes', async ({ client, assert }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    for (const paperSize of ['a4', 'letter'] as const) {
      const response = await sheetOf(client, petition, petition.user, {
        paperSize,
        language: 'de',
      })
      response.assertStatus(200)
      const pdf = await readPdf(bytesOf(response))
      assert.deepEqual(pdf.sizes, [PAGE_SIZES[paperSize]], paperSize)
    }
  })

  test('a long demand is shortened to the page', async ({ client, assert }) => {
    const words = Array.from({ length: 600 }, (_, index) => `word${index}`).join(' ')
    const petition = await PetitionFactory.apply('published')
      .merge({ description: `<p>Opening words.</p><p>${words}</p>` })
      .with('user')
      .create()
    const response = await sheetOf(client, petition, petition.user, {
      paperSize: 'letter',
      language: 'en',
    })
    response.assertStatus(200)
    const pdf = await readPdf(bytesOf(response))
    assert.equal(pdf.pages, 1)
    assert.include(pdf.words, 'Opening words.')
    assert.notInclude(pdf.words, 'word599')
  })

  test('a guest is sent to log in, a stranger gets 403, or 404 for a draft', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const draft = await PetitionFactory.with('user').create()
    const stranger = await makeMember({ email: 'stranger@example.org' })
    const guest = await client
      .post(`/petition/${petition.guid}/sheet`)
      .form({ paperSize: 'a4', language: 'en' })
      .withCsrfToken()
      .redirects(0)
    guest.assertStatus(302)
    guest.assertHeader('location', '/login')
    const refused = await sheetOf(client, petition, stranger, { paperSize: 'a4', language: 'en' })
    refused.assertStatus(403)
    assert.notEqual(refused.header('content-type'), 'application/pdf')
    ;(await sheetOf(client, draft, stranger, { paperSize: 'a4', language: 'en' })).assertStatus(404)
    // The owner may print a draft's sheet (to prepare a campaign).
    ;(await sheetOf(client, draft, draft.user, { paperSize: 'a4', language: 'en' })).assertStatus(
      200
    )
  })

  test('an unknown language or paper size is a field error, never a 5xx', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ paperSize: 'a3', language: 'en' }, ['paperSize']],
      [{ paperSize: 'a4', language: 'pl' }, ['language']],
      [{ paperSize: 'letter', language: { en: 1 } }, ['language']],
      [{}, ['paperSize', 'language']],
    ]
    for (const [form, fields] of cases) {
      const response = await sheetOf(client, petition, petition.user, form)
      response.assertStatus(302)
      assert.sameMembers(Object.keys(fieldErrors(response)), fields, JSON.stringify(form))
    }
    const json = await client
      .post(`/petition/${petition.guid}/sheet`)
      .json({ paperSize: 'a4', language: 'xx' })
      .header('accept', 'application/json')
      .withCsrfToken()
      .loginAs(petition.user)
    json.assertStatus(422)
  })
})
