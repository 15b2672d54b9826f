import { test } from '@japa/runner'
import { createHmac } from 'node:crypto'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import i18nManager from '@adonisjs/i18n/services/main'
import { appKey } from '#config/app'
import PetitionReport from '#models/petition_report'
import { LOCALES } from '#app/i18n/locales'
import { PetitionFactory } from '#database/factories/petition_factory'

/** Text as React writes it into the HTML. */
const asHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')

/**
 * What each language's policy must say of a guest's report, in its own
 * words: the IP address, a hash of it made with a secret key; and what it
 * must no longer say: that the code comes from the e-mail address.
 */
const GUEST_REPORT_WORDS: Record<string, { says: string[]; never: string }> = {
  en: { says: ['keyed hash', 'IP address', 'secret key'], never: 'e-mail' },
  es: { says: ['hash', 'dirección IP', 'clave secreta'], never: 'correo' },
  fr: { says: ['empreinte', 'adresse IP', 'clé secrète'], never: 'e-mail' },
  de: { says: ['Hashwert', 'IP-Adresse', 'geheimen Schlüssel'], never: 'E-Mail' },
  it: { says: ['hash', 'indirizzo IP', 'chiave segreta'], never: 'e-mail' },
  uk: { says: ['хеш', 'IP-адрес', 'секретним ключем'], never: 'електронн' },
  pt: { says: ['hash', 'endereço IP', 'chave secreta'], never: 'e-mail' },
  ru: { says: ['хеш', 'IP-адрес', 'секретным ключом'], never: 'электронн' },
}

test.group('The privacy policy', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear())

  test('it says what a guest’s report keeps, as the code keeps it: a keyed hash of the IP address', async ({
    client,
    assert,
  }) => {
    // What the code keeps: the app key's HMAC-SHA256 of the address, never the address.
    const petition = await PetitionFactory.apply('published').with('user').create()
    const ip = '198.51.100.23'
    const reported = await client
      .post(`/petition/${petition.guid}/report`)
      .header('x-forwarded-for', ip)
      .header('referer', `http://undersign.test/petition/${petition.slug}`)
      .form({ reason: 'spam' })
      .withCsrfToken()
      .redirects(0)
    reported.assertStatus(302)
    const stored = await PetitionReport.findByOrFail('petition_id', petition.id)
    const keyedHash = createHmac('sha256', appKey.release()).update(ip).digest('hex')
    assert.equal(stored.reporterKey, `guest:${keyedHash.slice(0, 40)}`)

    // What each language's policy says of it, on its own site.
    assert.sameMembers(Object.keys(GUEST_REPORT_WORDS), [...LOCALES])
    for (const locale of LOCALES) {
      const text = i18nManager.locale(locale).t('page.privacy.section7.items.moderation')
      const host = locale === 'en' ? 'undersign.test' : `${locale}.undersign.test`
      const html = (await client.get('/privacy-policy').header('host', host)).text()
      assert.include(html, `<li>${asHtml(text)}</li>`, locale)
      const { says, never } = GUEST_REPORT_WORDS[locale]
      for (const words of says) assert.include(text, words, locale)
      assert.notInclude(text, never, locale)
    }
  })
})
