import { test } from '@japa/runner'
import { inlineScriptHashes, policyWithHashes } from '#support/http/script_hashes'

test.group('CSP hashes of inline scripts', () => {
  test("each inline script's text is hashed as browsers hash it; scripts with a src are not", ({
    assert,
  }) => {
    const page = [
      '<script type="module" src="/assets/app.js"></script>',
      '<script type="application/ld+json" data-inertia="json-ld">{"@type":"WebPage"}</script>',
      '<script data-page="app" type="application/json">{"props":{"title":"Nachtz\u00fcge"}}</script>',
      '<SCRIPT>{"@type":"WebPage"}</SCRIPT >',
      "<script>alert('Hello, world.');</script>",
    ].join('\n')
    // SHA-256 of the UTF-8 text between the tags, in base64; the last one is the CSP
    // specification's own example.
    assert.deepEqual(inlineScriptHashes(page), [
      `'sha256-Qd9uaLA6r1G2ql6t0syfoPtugiIKjRriUL8ylgNIwAE='`,
      `'sha256-HUaQP7dZ7/8E8O6QZIYh+/BSxtt3zBzKaWF32OwhZUk='`,
      `'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='`,
    ])
    assert.deepEqual(inlineScriptHashes('<p>no script</p>'), [])
  })

  test('the nonce gives way to the hashes in script-src and leaves every other directive', ({
    assert,
  }) => {
    const policy =
      "default-src 'self';script-src 'self' 'nonce-abc123' https://challenges.cloudflare.com;style-src 'self' 'nonce-abc123';object-src 'none'"
    assert.equal(
      policyWithHashes(policy, [`'sha256-AAA='`, `'sha256-BBB='`]),
      "default-src 'self';script-src 'self' https://challenges.cloudflare.com 'sha256-AAA=' 'sha256-BBB=';style-src 'self';object-src 'none'"
    )
    assert.equal(
      policyWithHashes(policy, []),
      "default-src 'self';script-src 'self' https://challenges.cloudflare.com;style-src 'self';object-src 'none'"
    )
    const withoutNonce = "script-src 'self' 'unsafe-inline'"
    assert.equal(policyWithHashes(withoutNonce, [`'sha256-AAA='`]), withoutNonce)
  })
})
