import { test } from '@japa/runner'
import type { HttpContext } from '@adonisjs/core/http'
import { sharedGuestPage } from '#support/http/shared_guest_pages'

let nonces = 0

/** The parts of a request the shared pages read: its locale, URL, Inertia header and CSP nonce. */
function requestFor(url: string, locale = 'en', { inertia = false } = {}) {
  const headers: Record<string, string> = {}
  const ctx = {
    i18n: { locale },
    request: {
      url: () => url,
      header: (name: string) => (name === 'x-inertia' && inertia ? 'true' : undefined),
    },
    response: {
      nonce: `nonce${++nonces}x`,
      header: (name: string, value: string) => (headers[name] = value),
    },
  }
  return { ctx: ctx as unknown as HttpContext, nonce: ctx.response.nonce, headers }
}

/** A renderer that counts its calls and puts the nonce of the request it rendered for in the page. */
function renderer(nonceOf: () => string) {
  const calls = { count: 0 }
  const render = async () => {
    calls.count++
    return `<script nonce="${nonceOf()}">boot()</script><p>page ${calls.count}</p>`
  }
  return { calls, render }
}

test.group('Shared guest pages', () => {
  test('a page is rendered once per loaded data and given to each request with its own nonce', async ({
    assert,
  }) => {
    const data = {}
    const first = requestFor('/petition/night-trains')
    const { calls, render } = renderer(() => first.nonce)
    const html = await sharedGuestPage(first.ctx, data, render)
    assert.equal(html, `<script nonce="${first.nonce}">boot()</script><p>page 1</p>`)
    assert.equal(first.headers['content-type'], 'text/html; charset=utf-8')

    const second = requestFor('/petition/night-trains')
    const again = await sharedGuestPage(second.ctx, data, render)
    assert.equal(calls.count, 1)
    assert.equal(again, `<script nonce="${second.nonce}">boot()</script><p>page 1</p>`)
  })

  test('another locale, another URL or newer data is rendered anew', async ({ assert }) => {
    const data = {}
    let current = requestFor('/petition/night-trains')
    const { calls, render } = renderer(() => current.nonce)
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
    assert.deepEqual(JSON.parse(body), {
      component: 'Petition/Show',
      props: { title: 'Night trains' },
    })
    assert.equal(first.headers['x-inertia'], 'true')
    assert.equal(first.headers['content-type'], 'application/json; charset=utf-8')
    const second = requestFor('/petition/night-trains', 'en', { inertia: true })
    assert.equal(await sharedGuestPage(second.ctx, data, render), body)
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
    assert.equal(await sharedGuestPage(requestFor('/').ctx, data, render), '<p>page</p>')
  })

  test('past a few dozen query strings per data, pages are rendered for each request', async ({
    assert,
  }) => {
    const data = {}
    const { calls, render } = renderer(() => 'none')
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
