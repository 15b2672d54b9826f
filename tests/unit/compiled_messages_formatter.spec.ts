import { test } from '@japa/runner'
import i18nManager from '@adonisjs/i18n/services/main'

test.group('Translations: messages compiled once per locale', () => {
  test('plurals, numbers and selects come out in each locale’s own rules, time after time', ({
    assert,
  }) => {
    const message =
      '{count, plural, one {# signature} few {# signatures (few)} many {# signatures (many)} other {# signatures}} of {target, number}'
    const format = (locale: string, count: number) =>
      i18nManager.locale(locale).formatRawMessage(message, { count, target: 100000 })
    const inUkrainian = new Intl.NumberFormat('uk').format(100000)
    for (let round = 0; round < 2; round++) {
      assert.equal(format('en', 1), '1 signature of 100,000')
      assert.equal(format('en', 3), '3 signatures of 100,000')
      assert.equal(format('uk', 3), `3 signatures (few) of ${inUkrainian}`)
      assert.equal(format('uk', 5), `5 signatures (many) of ${inUkrainian}`)
      assert.equal(format('de', 21), '21 signatures of 100.000')
    }
  })

  test('a message of the translation files reads as it did', ({ assert }) => {
    const i18n = i18nManager.locale('fr')
    assert.equal(i18n.t('page.errors.503.title'), i18n.t('page.errors.503.title'))
    assert.notInclude(i18n.t('page.errors.503.title'), 'translation missing')
  })
})
