import { test } from '@japa/runner'
import { createHash } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import { sharedGuestPage } from '#support/http/shared_guest_pages'

let nonces = 0

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** The parts of a request the shared pages read: its locale, URL, Inertia header and CSP. */
function requestFor(url: string, locale = 'en', { inertia = false } = {}) {
  const nonce = `nonce${++nonces}x`
  const headers: Record<string, string> = {
    'Content-Security-Policy': `default-src 'self';script-src 'self' 'nonce-${nonce}' https://challenges.cloudflare.com;object-src 'none'`,
  }
  const ctx = {
    i18n: { locale },
    request: {
      url: () => url,
      header: (name: string) => (name === 'x-inertia' && inertia ? 'true' : undefined),
    },
    response: {
      nonce,
      getHeader: (name: string) => headers[name],
      header: (name: string, value: string) => (headers[name] = value),
    },
  }
  return { ctx: ctx as unknown as HttpContext, nonce, headers }
}

const DATA_SCRIPT = '{"component":"Petition/Show"}'

/** A renderer that counts its calls; its page holds an inline (data) script and a bundle's script. */
function renderer() {
  const calls = { count: 0 }
  const render = async () => {
    calls.count++
    return `<script type="module" src="/assets/app.js"></script><script data-page="app" type="application/json">${DATA_SCRIPT}</script><p>page ${calls.count}</p>`
  }
  return { calls, render }
}

test.group('Shared guest pages', () => {
  test('a page is rendered once per loaded data and given to each request as it is, its scripts allowed by hash', async ({
    assert,
  }) => {
    const data = {}
    const first = requestFor('/petition/night-trains')
    const { calls, render } = renderer()
    const html = await sharedGuestPage(first.ctx, data, render)
    assert.include(html.toString('utf8'), '<p>page 1</p>')
    assert.equal(first.headers['content-type'], 'text/html; charset=utf-8')

    const second = requestFor('/petition/night-trains')
    const again = await sharedGuestPage(second.ctx, data, render)
    assert.equal(calls.count, 1)
    // The very bytes of the first rendering, encoded once.
    assert.strictEqual(again, html)
    // No nonce, which a cached copy would give every visitor: the same policy for both.
    for (const { headers } of [first, second]) {
      assert.equal(
        headers['Content-Security-Policy'],
        `default-src 'self';script-src 'self' https://challenges.cloudflare.com ${sha256(DATA_SCRIPT)};object-src 'none'`
      )
    }
  })

  test('another locale, another URL or newer data is rendered anew', async ({ assert }) => {
    const data = {}
    let current = requestFor('/petition/night-trains')
    const { calls, render } = renderer()
    await sharedGuestPage(current.ctx, data, render)
    current = requestFor('/petition/night-trains', 'es')
    await sharedGuestPage(current.ctx, data, render)
    current = requestFor('/petition/night-trains?page=2')
    await sharedGuestPage(current.ctx, data, render)
    current = requestFor('/petition/night-trains')
    await sharedGuestPage(current.ctx, {}, render)
    assert.equal(calls.count, 4)
  })

  test("an Inertia visit gets the page object's JSON, kept apart from the HTML", async ({
    assert,
  }) => {
    const data = {}
    let renders = 0
    const render = async () => {
      renders++
      return { component: 'Petition/Show', props: { title: 'Night trains' } }
    }
    const first = requestFor('/petition/night-trains', 'en', { inertia: true })
    const body = await sharedGuestPage(first.ctx, data, render)
    assert.deepEqual(JSON.parse(body.toString('utf8')), {
      component: 'Petition/Show',
      props: { title: 'Night trains' },
    })
    assert.equal(first.headers['x-inertia'], 'true')
    assert.equal(first.headers['content-type'], 'application/json; charset=utf-8')
    const second = requestFor('/petition/night-trains', 'en', { inertia: true })
    assert.strictEqual(await sharedGuestPage(second.ctx, data, render), body)
    assert.equal(second.headers['x-inertia'], 'true')
    assert.equal(renders, 1)

    // The HTML of the same URL is another rendering.
    const html = requestFor('/petition/night-trains')
    await sharedGuestPage(html.ctx, data, async () => '<p>page</p>')
    assert.equal(html.headers['content-type'], 'text/html; charset=utf-8')
    assert.equal(renders, 1)
  })

  test('a failed rendering is not kept', async ({ assert }) => {
    const data = {}
    let attempts = 0
    const render = async () => {
      if (++attempts === 1) throw new Error('the renderer failed')
      return '<p>page</p>'
    }
    await assert.rejects(() => sharedGuestPage(requestFor('/').ctx, data, render))
    const page = await sharedGuestPage(requestFor('/').ctx, data, render)
    assert.equal(page.toString('utf8'), '<p>page</p>')
  })

  test('past a few dozen query strings per data, pages are rendered for each request', async ({
    assert,
  }) => {
    const data = {}
    const { calls, render } = renderer()
    for (let index = 0; index < 40; index++) {
      await sharedGuestPage(requestFor(`/petition/night-trains?utm=${index}`).ctx, data, render)
    }
    assert.equal(calls.count, 40)
    await sharedGuestPage(requestFor('/petition/night-trains?utm=39').ctx, data, render)
    assert.equal(calls.count, 41)
    await sharedGuestPage(requestFor('/petition/night-trains?utm=0').ctx, data, render)
    assert.equal(calls.count, 41)
  })
})
