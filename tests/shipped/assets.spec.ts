import { test } from '@japa/runner'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { visitor } from '#tests/shipped/support/shipped_app'
import { createPetition, verifiedMember } from '#tests/shipped/support/journeys'

const IMMUTABLE = 'public, max-age=31536000, immutable'

test.group('Shipped: the bundle’s files', () => {
  test('scripts and styles go out precompressed and are kept for a year; pages are not', async ({
    assert,
  }) => {
    const guest = visitor()
    const home = await guest.send('GET', '/')
    assert.notInclude(String(home.headers['cache-control'] ?? ''), 'immutable')
    const assets = [...home.text().matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
      (match) => match[1]
    )
    assert.isTrue(
      assets.some((asset) => asset.endsWith('.js')),
      'the page loads a script'
    )
    assert.isTrue(
      assets.some((asset) => asset.endsWith('.css')),
      'the page loads a stylesheet'
    )

    for (const asset of assets) {
      const plain = await guest.send('GET', asset, { headers: { 'accept-encoding': 'identity' } })
      assert.equal(plain.status, 200, asset)
      assert.isUndefined(plain.headers['content-encoding'], asset)
      assert.equal(plain.headers['cache-control'], IMMUTABLE, asset)

      const brotli = await guest.send('GET', asset, { headers: { 'accept-encoding': 'gzip, br' } })
      assert.equal(brotli.headers['content-encoding'], 'br', asset)
      assert.equal(brotli.headers['cache-control'], IMMUTABLE, asset)
      assert.equal(brotli.headers['vary'], 'Accept-Encoding', asset)
      assert.isBelow(brotli.body.length, plain.body.length, asset)
      assert.isTrue(brotliDecompressSync(brotli.body).equals(plain.body), asset)

      const gzip = await guest.send('GET', asset, { headers: { 'accept-encoding': 'gzip' } })
      assert.equal(gzip.headers['content-encoding'], 'gzip', asset)
      assert.isTrue(gunzipSync(gzip.body).equals(plain.body), asset)
    }
  })

  test('pages and their Inertia JSON are compressed for browsers that take it', async ({
    assert,
  }) => {
    const guest = visitor('es')
    const plain = await guest.send('GET', '/faq')
    assert.isUndefined(plain.headers['content-encoding'])

    const brotli = await guest.send('GET', '/faq', { headers: { 'accept-encoding': 'gzip, br' } })
    assert.equal(brotli.headers['content-encoding'], 'br')
    assert.include(String(brotli.headers['vary']), 'Accept-Encoding')
    assert.isBelow(brotli.body.length, plain.body.length / 3)
    const page = brotliDecompressSync(brotli.body).toString('utf8')
    assert.include(page, '<script data-page="app" type="application/json">')
    // Only the per-request nonce differs between two renders of the page.
    const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, '')
    assert.equal(withoutNonces(page), withoutNonces(plain.text()))

    // A petition page's props are well over a kilobyte; the FAQ's are not,
    // and so small an answer goes as it is.
    const owner = await verifiedMember('compressed-owner@example.org', 'es')
    const { slug } = await createPetition(owner)
    guest.version = plain.page().version
    const inertiaJson = (path: string) =>
      guest.send('GET', path, { inertia: true, headers: { 'accept-encoding': 'gzip' } })
    const petition = await inertiaJson(`/petition/${slug}`)
    assert.equal(petition.headers['content-encoding'], 'gzip')
    assert.equal(JSON.parse(gunzipSync(petition.body).toString('utf8')).component, 'Petition/Show')
    const faq = await inertiaJson('/faq')
    assert.isUndefined(faq.headers['content-encoding'])
    assert.equal(faq.json().component, 'Faq/index')
  })

  test('a path that climbs out of the assets folder gets no file', async ({ assert }) => {
    const guest = visitor()
    for (const path of ['/assets/../../.env.js', '/assets/%2e%2e/%2e%2e/package.json']) {
      const reply = await guest.send('GET', path, { headers: { 'accept-encoding': 'br' } })
      assert.notEqual(reply.status, 200, path)
      assert.notMatch(String(reply.headers['content-type']), /javascript|json/, path)
    }
  })
})
