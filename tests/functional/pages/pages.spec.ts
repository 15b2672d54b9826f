import { test } from '@japa/runner'
import { pageObjectIn, SHARED_PROPS } from '#tests/helpers/inertia'

const PAGES = [
  {
    url: '/',
    component: 'Home/Main',
    heading: 'Your voice can change laws',
    headingEs: 'Tu voz puede cambiar las leyes',
  },
  {
    url: '/faq',
    component: 'Faq/index',
    heading: 'Frequently asked questions',
    headingEs: 'Preguntas frecuentes',
  },
  {
    url: '/privacy-policy',
    component: 'PrivacyPolicy/index',
    heading: 'Privacy policy',
    headingEs: 'Política de privacidad',
  },
  {
    url: '/contacts',
    component: 'Contacts/index',
    heading: 'Contact us',
    headingEs: 'Contáctanos',
  },
  { url: '/test', component: 'Test/index', heading: 'test', headingEs: 'test' },
]

test.group('Pages', () => {
  for (const page of PAGES) {
    test(`GET ${page.url} answers server-rendered HTML with its heading and page object`, async ({
      client,
      assert,
    }) => {
      const response = await client.get(page.url)
      response.assertStatus(200)
      response.assertHeader('content-type', 'text/html; charset=utf-8')
      const html = response.text()
      assert.match(html, new RegExp(`<h1[^>]*>${page.heading}</h1>`))
      assert.include(html, '<html lang="en">')
      const pageObject = pageObjectIn(html)
      assert.equal(pageObject.component, page.component)
      for (const prop of SHARED_PROPS) assert.property(pageObject.props, prop)
    })

    test(`GET ${page.url} as an Inertia visit answers JSON with the component and shared props`, async ({
      client,
      assert,
    }) => {
      const response = await client.get(page.url).withInertia()
      response.assertStatus(200)
      response.assertInertiaComponent(page.component)
      const props = response.inertiaProps
      for (const prop of SHARED_PROPS) assert.property(props, prop)
      assert.equal(props.appName, 'Undersign')
      assert.equal(props.appLocale, 'en')
      assert.isNull(props.user)
      // One session for every language's site: a domain with a dot shares its cookie.
      assert.deepEqual(props.general, { domain: 'undersign.test', sessionPerSite: false })
      assert.deepEqual(props.alerts, { error: null, success: null, info: null, warning: null })
      assert.deepEqual(props.messages, {
        error: null,
        success: null,
        info: null,
        warning: null,
        errors: [],
      })
      assert.deepEqual(props.swal, {})
      assert.deepEqual(props.errors, {})
    })
  }

  test('the same pages in Spanish on es.undersign.test', async ({ client, assert }) => {
    for (const page of PAGES.filter((entry) => entry.headingEs)) {
      const response = await client.get(page.url).header('host', 'es.undersign.test')
      response.assertStatus(200)
      assert.include(response.text(), '<html lang="es">')
      assert.match(response.text(), new RegExp(`<h1[^>]*>${page.headingEs}</h1>`))
      assert.equal(pageObjectIn(response.text()).props.appLocale, 'es')
    }
  })

  test('page titles read "{page title} | {brand}" and sharing tags are in the HTML', async ({
    client,
    assert,
  }) => {
    const html = (await client.get('/faq')).text()
    assert.include(html, '<title data-inertia="">Frequently asked questions | Undersign</title>')
    assert.match(
      html,
      /<meta property="og:title" content="Frequently asked questions \| Undersign"/
    )
    assert.match(html, /<meta property="og:url" content="http:\/\/undersign.test:3334\/faq"/)
    assert.match(html, /<meta property="og:image" content="[^"]+"/)
    assert.match(html, /<meta name="twitter:card" content="summary_large_image"/)
  })

  test('the FAQ answers que1 to que7 and links to the contact page', async ({ client, assert }) => {
    const props = pageObjectIn((await client.get('/faq')).text()).props
    assert.isString(props.contactEmail)
    const html = (await client.get('/faq')).text()
    assert.include(html, 'Is Undersign really free?')
    assert.include(html, 'What happens when a petition reaches its target?')
    assert.include(html, 'How do I hear what became of a petition I signed?')
    assert.include(html, 'How can I check that a petition&#x27;s count is true?')
    assert.include(html, 'href="/contacts"')
  })

  test('the privacy policy has sections 1 to 9 and its date', async ({ client, assert }) => {
    const html = (await client.get('/privacy-policy')).text()
    assert.include(html, 'updated at: 07.12.2026')
    for (let section = 1; section <= 9; section++) assert.include(html, `id="section-${section}"`)
  })

  test('the privacy policy says what is deleted or anonymised, and when', async ({
    client,
    assert,
  }) => {
    const html = (await client.get('/privacy-policy')).text()
    assert.include(html, 'An unconfirmed signature is deleted 7 days after it was made')
    assert.include(html, 'Contact messages are deleted 12 months after they were written.')
    assert.include(html, 'for 12 months after its author finishes it')
    assert.include(html, 'at least 30 days before')
    assert.include(html, 'so the petition&#x27;s numbers never change')
    assert.include(html, 'Download all your data as a JSON file from your account settings.')
    // The fraud checks' traces: what is kept, and that it goes with the rest.
    assert.include(html, 'a code computed with our secret key from your network')
    assert.include(html, 'never the address itself; both are erased')
    // A recipient's address: checked by a moderator first, then used for this only.
    assert.include(html, 'a moderator first checks that it is the public address')
    assert.include(html, 'We use the address only to send the petition when it reaches a milestone')
  })

  test('the home call to action leads guests to sign up', async ({ client, assert }) => {
    const html = (await client.get('/')).text()
    const cta = html.match(/<a [^>]*data-testid="home-cta"[^>]*>/)?.[0]
    assert.include(cta, 'href="/signup"')
    assert.include(html, 'href="/petition/create"')
  })

  test('an unknown page gives the translated 404 page', async ({ client, assert }) => {
    const response = await client.get('/no-such-page').header('host', 'de.undersign.test')
    response.assertStatus(404)
    const pageObject = pageObjectIn(response.text())
    assert.equal(pageObject.component, 'Errors/Status')
    assert.equal(pageObject.props.status, 404)
    assert.include(response.text(), 'Seite nicht gefunden')
  })
})
