import { test } from '@japa/runner'

const EXPECTED = {
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
}

test.group('Security headers', () => {
  test('every kind of answer carries the referrer, opener and permissions policies', async ({
    client,
    assert,
  }) => {
    const answers = {
      'a page': await client.get('/faq'),
      'an Inertia visit': await client.get('/faq').header('x-inertia', 'true'),
      'the 404 page': await client.get('/petition/no-such-petition'),
      'a static file': await client.get('/favicon.svg'),
      'a refused form': await client.post('/contacts').redirects(0),
    }
    for (const [answer, response] of Object.entries(answers)) {
      for (const [header, value] of Object.entries(EXPECTED)) {
        assert.equal(response.header(header), value, `${header} on ${answer}`)
      }
      const permissions = response.header('permissions-policy') ?? ''
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
        assert.include(permissions, `${feature}=()`, `${feature} off on ${answer}`)
      }
      // The video players need these.
      assert.notInclude(permissions, 'fullscreen=()')
      assert.notInclude(permissions, 'autoplay=()')
    }
  })

  test('forms may post only to the site itself', async ({ client, assert }) => {
    const csp = (await client.get('/')).header('content-security-policy') as string
    const formAction = csp
      .split(';')
      .find((directive) => directive.trim().startsWith('form-action'))
    assert.equal(formAction?.trim(), "form-action 'self'")
  })
})
