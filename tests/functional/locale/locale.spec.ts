import { test } from '@japa/runner'
import { LOCALES } from '#app/i18n/locales'

test.group('Locale', () => {
  test('appLocale follows the first label of the host', async ({ client, assert }) => {
    for (const locale of LOCALES.filter((entry) => entry !== 'en')) {
      const response = await client
        .get('/faq')
        .header('host', `${locale}.undersign.test`)
        .withInertia()
      assert.equal(response.inertiaProps.appLocale, locale)
      assert.equal(response.inertiaProps.appUrl, `http://${locale}.undersign.test:3334`)
    }
  })

  test('the bare domain and unknown labels fall back to en', async ({ client, assert }) => {
    assert.equal((await client.get('/').withInertia()).inertiaProps.appLocale, 'en')
    const unknown = await client.get('/').header('host', 'xx.undersign.test').withInertia()
    assert.equal(unknown.inertiaProps.appLocale, 'en')
  })

  test('GET /translate/{locale} returns the same keys for all eight locales', async ({
    client,
    assert,
  }) => {
    const english = (await client.get('/translate/en')).body()
    assert.isAbove(Object.keys(english).length, 100)
    assert.equal(english['page.faq.title'], 'Frequently asked questions')
    for (const locale of LOCALES) {
      const response = await client.get(`/translate/${locale}`)
      response.assertStatus(200)
      assert.sameMembers(Object.keys(response.body()), Object.keys(english), locale)
    }
    assert.equal((await client.get('/translate/uk')).body()['page.faq.title'], 'Поширені запитання')
  })

  test('an unknown locale on /translate is a 404, never a 500', async ({ client }) => {
    for (const locale of ['xx', 'EN', 'en-US', 'constructor', '__proto__']) {
      const response = await client
        .get(`/translate/${encodeURIComponent(locale)}`)
        .header('accept', 'application/json')
      response.assertStatus(404)
    }
  })
})
