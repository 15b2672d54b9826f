import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import { createHash } from 'node:crypto'
import type { Reply } from '#tests/shipped/support/visitor'
import { DOMAIN, shippedApp, visitor } from '#tests/shipped/support/shipped_app'
import { createPetition, verifiedMember } from '#tests/shipped/support/journeys'
import { closeBrowser, ensureChromium, launchBrowser } from '#tests/helpers/browser'

const policyOf = (reply: Reply) => String(reply.headers['content-security-policy'])

/** The script-src sources of a policy. */
const scriptSources = (policy: string) =>
  policy
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')!
    .slice(1)

/** The texts of a page's inline scripts (no src), as the browser hashes them. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1])

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/**
 * Checks a reply that a shared cache may keep: no nonce anywhere (a cached
 * copy would give the same one to everyone, and show it to anyone who read
 * it once), and each of its inline scripts allowed by its hash.
 */
function assertNoReusableNonce(assert: Assert, reply: Reply, what: string) {
  assert.match(String(reply.headers['cache-control']), /^public\b/, what)
  const policy = policyOf(reply)
  assert.notInclude(policy, `'nonce-`, what)
  assert.notInclude(reply.text(), 'nonce=', what)
  const sources = scriptSources(policy)
  assert.notInclude(sources, `'unsafe-inline'`, what)
  for (const script of inlineScripts(reply.text())) assert.include(sources, sha256(script), what)
}

/**
 * The built app's policy (the test server's allows inline scripts for Vite,
 * with no nonce): what production sends, checked over HTTP and in Chromium.
 */
test.group('Shipped: cached guest pages carry no nonce', (group) => {
  group.setup(() => ensureChromium())

  test('two cached answers of a page carry no reusable nonce: their inline scripts are allowed by hash', async ({
    assert,
  }) => {
    const owner = await verifiedMember('csp-owner@example.org')
    const { slug } = await createPetition(owner)
    const first = (await visitor().open(`/petition/${slug}`)).reply
    const second = (await visitor('de').open(`/petition/${slug}`)).reply
    const third = (await visitor().open(`/petition/${slug}`)).reply
    // The page's data and its schema.org description, both inline.
    assert.lengthOf(inlineScripts(first.text()), 2)
    assert.include(first.text(), 'application/ld+json')
    for (const [reply, what] of [
      [first, 'petition'],
      [second, 'petition in German'],
      [third, 'petition again'],
    ] as const) {
      assertNoReusableNonce(assert, reply, what)
    }
    assert.equal(policyOf(first), policyOf(third))
    assert.notEqual(policyOf(first), policyOf(second), "another language's page, other hashes")

    // Pages rendered for each request, and an Inertia visit's JSON, likewise.
    for (const path of ['/', '/petitions']) {
      assertNoReusableNonce(assert, (await visitor().open(path)).reply, path)
    }
    const guest = visitor()
    await guest.open(`/petition/${slug}`)
    const json = await guest.send('GET', `/petition/${slug}`, { inertia: true })
    assert.notInclude(policyOf(json), `'nonce-`)

    // A page for one visitor only keeps its own nonce: nobody else ever sees it.
    const own = (await owner.open(`/petition/${slug}`)).reply
    assert.equal(own.headers['cache-control'], 'private, no-store')
    assert.match(policyOf(own), /'nonce-[^']+'/)
  })

  test('in a browser, a cached guest page loads and hydrates with no policy violation; an injected script is refused', async ({
    assert,
  }) => {
    const owner = await verifiedMember('csp-browser@example.org')
    const { slug } = await createPetition(owner)
    const url = `http://${DOMAIN}:${shippedApp().port}/petition/${slug}`
    const context = await (await launchBrowser()).newContext()
    try {
      const page = await context.newPage()
      const consoleErrors: string[] = []
      page.on('console', (message) => {
        if (/Content[ -]Security[ -]Policy/i.test(message.text()))
          consoleErrors.push(message.text())
      })
      // Every violation from the first byte on (the page's own scripts run after this).
      await page.addInitScript(`
        window.cspViolations = []
        document.addEventListener('securitypolicyviolation', (event) =>
          window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI + ' ' + event.sample)
        )
      `)
      const answer = page.waitForResponse((response) => response.url() === url)
      await page.goto(url)
      const headers = await (await answer).allHeaders()
      assert.match(headers['cache-control'], /^public\b/)
      assert.notInclude(headers['content-security-policy'], `'nonce-`)
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
      await page.getByTestId('sign-form').waitFor()
      assert.deepEqual(await page.evaluate('window.cspViolations'), [])
      assert.deepEqual(consoleErrors, [])

      // The policy still refuses a script someone manages to put into the page.
      const refused = await page.evaluate(`new Promise((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) =>
          resolve(event.effectiveDirective)
        )
        const script = document.createElement('script')
        script.textContent = 'window.injected = true'
        document.body.append(script)
      })`)
      assert.match(String(refused), /^script-src/)
      assert.isUndefined(await page.evaluate('window.injected'))
    } finally {
      await context.close()
      await closeBrowser()
    }
  }).timeout(120_000)
})
