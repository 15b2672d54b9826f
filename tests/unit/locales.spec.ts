import { test } from '@japa/runner'
import { localeFlag, localeFromHost, localeLabel, localizedUrl, LOCALES } from '#app/i18n/locales'

test.group('Locales', () => {
  test('the locale comes from the first label of the host', ({ assert }) => {
    assert.equal(localeFromHost('es.example.org'), 'es')
    assert.equal(localeFromHost('uk.example.org:3333'), 'uk')
    assert.equal(localeFromHost('de.localhost:3333'), 'de')
  })

  test('the bare domain, unknown labels and IP addresses fall back to en', ({ assert }) => {
    assert.equal(localeFromHost('example.org'), 'en')
    assert.equal(localeFromHost('localhost:3333'), 'en')
    assert.equal(localeFromHost('xx.example.org'), 'en')
    assert.equal(localeFromHost('www.example.org'), 'en')
    assert.equal(localeFromHost('127.0.0.1:3333'), 'en')
    assert.equal(localeFromHost(undefined), 'en')
  })

  test('switching replaces a language label or puts one in front', ({ assert }) => {
    assert.equal(
      localizedUrl('http://es.example.org/faq?x=1', 'de', 'example.org'),
      'http://de.example.org/faq?x=1'
    )
    assert.equal(
      localizedUrl('http://example.org/contacts', 'fr', 'example.org'),
      'http://fr.example.org/contacts'
    )
    assert.equal(
      localizedUrl('http://localhost:3333/', 'it', 'localhost'),
      'http://it.localhost:3333/'
    )
    assert.equal(
      localizedUrl('http://es.example.org/', 'en', 'example.org'),
      'http://en.example.org/'
    )
  })

  test('no redirect for en without a language label, nor to the current language', ({ assert }) => {
    assert.isNull(localizedUrl('http://example.org/', 'en', 'example.org'))
    assert.isNull(localizedUrl('http://de.example.org/', 'de', 'example.org'))
  })

  test('a two-letter bare domain is not taken for a language', ({ assert }) => {
    assert.equal(localizedUrl('http://ab.org/', 'es', 'ab.org'), 'http://es.ab.org/')
  })

  test('flags and labels: en shows the US flag, uk the Ukrainian one and reads UA', ({
    assert,
  }) => {
    assert.equal(localeFlag('en'), 'us')
    assert.equal(localeFlag(''), 'us')
    assert.equal(localeFlag('gb'), 'us')
    assert.equal(localeFlag('uk'), 'ua')
    assert.deepEqual(LOCALES.map(localeLabel), ['EN', 'ES', 'FR', 'DE', 'IT', 'UA', 'PT', 'RU'])
  })
})
