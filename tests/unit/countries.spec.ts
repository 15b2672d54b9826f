import { test } from '@japa/runner'
import {
  COUNTRY_CODES,
  countriesByName,
  isCountryCode,
  likelyCountryOf,
  UNKNOWN_COUNTRY,
} from '#shared/countries'
import { LOCALES } from '#app/i18n/locales'

test.group("The sign form's countries", () => {
  test("each language's first choice is its likely country, never a guess from elsewhere", ({
    assert,
  }) => {
    const firstChoices = Object.fromEntries(
      LOCALES.map((locale) => [locale, likelyCountryOf(locale)])
    )
    assert.deepEqual(firstChoices, {
      en: 'US',
      es: 'ES',
      fr: 'FR',
      de: 'DE',
      it: 'IT',
      uk: 'UA',
      pt: 'BR',
      ru: 'RU',
    })
    // A regional language says its region; a language without one gives no first choice.
    assert.equal(likelyCountryOf('pt-PT'), 'PT')
    assert.equal(likelyCountryOf('en-GB'), 'GB')
    assert.isNull(likelyCountryOf('xx'))
  })

  test('every language lists every country once, by its own name, in its own alphabetical order', ({
    assert,
  }) => {
    for (const locale of LOCALES) {
      const countries = countriesByName(locale)
      assert.sameMembers(
        countries.map(({ code }) => code),
        COUNTRY_CODES,
        locale
      )
      assert.lengthOf(countries, COUNTRY_CODES.length, locale)
      // Named by the ICU data, never left as a bare code.
      const unnamed = countries.filter(({ code, name }) => name === code)
      assert.deepEqual(unnamed, [], locale)
      const collator = new Intl.Collator(locale)
      for (let index = 1; index < countries.length; index++) {
        assert.isAtMost(
          collator.compare(countries[index - 1].name, countries[index].name),
          0,
          `${locale}: ${countries[index - 1].name} before ${countries[index].name}`
        )
      }
    }
    const german = new Map(countriesByName('de').map(({ code, name }) => [code, name]))
    assert.equal(german.get('AT'), 'Österreich')
    // German sorts Ö with O, not after Z.
    const names = countriesByName('de').map(({ name }) => name)
    assert.isBelow(names.indexOf('Österreich'), names.indexOf('Pakistan'))
    assert.equal(countriesByName('uk').find(({ code }) => code === 'UA')?.name, 'Україна')
  })

  test('only the listed codes are countries; the unknown region is not one', ({ assert }) => {
    assert.isTrue(isCountryCode('PT'))
    for (const value of ['pt', 'XX', UNKNOWN_COUNTRY, '', 'PRT', 620, null, undefined]) {
      assert.isFalse(isCountryCode(value), String(value))
    }
  })
})
