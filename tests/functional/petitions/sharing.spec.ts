import { test } from '@japa/runner'
import QRCode from 'qrcode'
import testUtils from '@adonisjs/core/services/test_utils'
import i18nManager from '@adonisjs/i18n/services/main'
import type { ApiResponse } from '@japa/api-client'
import type Petition from '#models/petition'
import { makeMember } from '#tests/helpers/auth'
import { recountSignatures } from '#services/signatures/recount'
import { PetitionFactory } from '#database/factories/petition_factory'
import { SignatureFactory } from '#database/factories/signature_factory'

const SITE = 'http://undersign.test:3334'
const uk = i18nManager.locale('uk')
const en = i18nManager.locale('en')

/** A petition with an owner and signers whose names and addresses must never show. */
async function petitionWithSigners(
  attributes: Partial<Pick<Petition, 'title' | 'description' | 'finished' | 'private'>> = {}
) {
  const owner = await makeMember({
    firstName: 'Oksana',
    lastName: 'Melnyk',
    email: 'oksana.owner@example.org',
  })
  const petition = await PetitionFactory.apply('published')
    .merge({
      title: 'A crossing for Elm Street school',
      targetSignatures: 100,
      userId: owner.id,
      ...attributes,
    })
    .create()
  await SignatureFactory.merge({
    petitionId: petition.id,
    firstName: 'Taras',
    lastName: 'Bondar',
    email: 'taras@example.org',
  }).create()
  await SignatureFactory.merge({
    petitionId: petition.id,
    firstName: 'Ivanna',
    lastName: 'Hnatiuk',
    email: 'ivanna@example.org',
  }).create()
  await recountSignatures(petition.id)
  await petition.refresh()
  return { petition, owner }
}

function assertNothingPersonal(assert: any, text: string) {
  for (const secret of [
    'oksana.owner@example.org',
    'taras@example.org',
    'Taras',
    'Ivanna',
    'Bondar',
    '@example.org',
  ]) {
    assert.notInclude(text, secret)
  }
}

/** The schema.org data of a page, or null. */
function jsonLdOf(html: string) {
  const match = html.match(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/)
  return match ? { raw: match[1], data: JSON.parse(match[1]) } : null
}

/** The href of the page's canonical link, with its entities read back. */
function canonicalOf(response: ApiResponse) {
  const match = response.text().match(/<link[^>]*rel="canonical"[^>]*href="([^"]*)"/)
  return match?.[1].replace(/&amp;/g, '&')
}

test.group('Spreading a petition: the widget', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the widget is a small standalone page with the title, the count, a progress bar and a Sign link', async ({
    client,
    assert,
  }) => {
    const { petition } = await petitionWithSigners({ title: 'Parks & <b>play</b> "areas"' })
    const response = await client.get(`/petition/${petition.slug}/embed`)
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/html; charset=utf-8/)
    assert.equal(response.header('cache-control'), 'public, max-age=60')
    // A page every cache may keep carries no one's cookie.
    assert.isUndefined(response.header('set-cookie'))
    const html = response.text()
    assert.isBelow(Buffer.byteLength(html), 10 * 1024)
    // No app bundle, no script at all.
    assert.notInclude(html, '<script')
    assert.notInclude(html, 'data-page')
    assert.include(html, '<html lang="en">')
    assert.include(html, 'Parks &amp; &lt;b&gt;play&lt;/b&gt; &quot;areas&quot;')
    assert.notInclude(html, '<b>play</b>')
    assert.include(html, en.t('page.show.signatures_of', { total: 2, target: 100 }))
    assert.match(html, /role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-valuenow="2"/)
    assert.include(
      html,
      `<a class="sign" href="${SITE}/petition/${petition.slug}?source=widget" target="_blank" rel="noopener">${en.t('page.embed.sign')}`
    )
    assertNothingPersonal(assert, html)
  })

  test('only the widget may be framed by other sites; the petition page still may not', async ({
    client,
    assert,
  }) => {
    const { petition } = await petitionWithSigners()
    const widget = await client.get(`/petition/${petition.slug}/embed`)
    assert.isUndefined(widget.header('x-frame-options'))
    const widgetCsp = widget.header('content-security-policy') ?? ''
    assert.include(widgetCsp, 'frame-ancestors *')
    assert.include(widgetCsp, "default-src 'none'")
    assert.notInclude(widgetCsp, 'script-src')

    for (const path of [`/petition/${petition.slug}`, `/petition/${petition.slug}/poster`, '/']) {
      const page = await client.get(path)
      page.assertStatus(200)
      assert.equal(page.header('x-frame-options'), 'DENY', path)
      assert.include(page.header('content-security-policy') ?? '', "frame-ancestors 'none'", path)
    }
  })

  test('the widget speaks the language of its site and links to the petition there', async ({
    client,
    assert,
  }) => {
    const { petition } = await petitionWithSigners()
    const response = await client
      .get(`/petition/${petition.slug}/embed`)
      .header('host', 'uk.undersign.test')
    response.assertStatus(200)
    const html = response.text()
    assert.include(html, '<html lang="uk">')
    assert.include(html, uk.t('page.embed.sign'))
    assert.include(html, uk.t('page.show.signatures_of', { total: 2, target: 100 }))
    assert.include(
      html,
      `href="http://uk.undersign.test:3334/petition/${petition.slug}?source=widget"`
    )
    assert.notInclude(html, en.t('page.embed.sign'))
  })

  test('a finished petition shows its final count and that signing is closed, with no Sign link', async ({
    client,
    assert,
  }) => {
    const { petition } = await petitionWithSigners({ finished: true })
    const html = (await client.get(`/petition/${petition.slug}/embed`)).text()
    assert.include(html, en.t('page.embed.closed'))
    assert.include(html, en.t('page.show.signatures_of', { total: 2, target: 100 }))
    assert.notInclude(html, 'class="sign"')
    assert.notInclude(html, en.t('page.embed.sign'))
  })

  test('drafts and unknown slugs have no widget, QR code or poster; an unlisted petition has them', async ({
    client,
  }) => {
    const draft = await PetitionFactory.with('user').create()
    const owner = draft.user
    const unlisted = await PetitionFactory.apply('published')
      .merge({ private: true })
      .with('user')
      .create()
    for (const part of ['embed', 'qr.svg', 'poster']) {
      ;(await client.get(`/petition/${draft.slug}/${part}`)).assertStatus(404)
      ;(await client.get(`/petition/no-such-petition/${part}`)).assertStatus(404)
      ;(await client.get(`/petition/${unlisted.slug}/${part}`)).assertStatus(200)
    }
    // Not even its owner gets a draft's: it has no page for anyone else to reach.
    ;(await client.get(`/petition/${draft.slug}/poster`).loginAs(owner)).assertStatus(404)
  })
})

test.group('Spreading a petition: QR code and poster', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the QR code is an SVG of the petition’s address on the language’s site with the poster’s code, cacheable', async ({
    client,
    assert,
  }) => {
    const { petition } = await petitionWithSigners()
    const options = { type: 'svg', errorCorrectionLevel: 'M', margin: 4 } as const
    for (const [host, site] of [
      ['undersign.test', SITE],
      ['de.undersign.test', 'http://de.undersign.test:3334'],
    ]) {
      const response = await client.get(`/petition/${petition.slug}/qr.svg`).header('host', host)
      response.assertStatus(200)
      assert.match(response.header('content-type') ?? '', /^image\/svg\+xml/)
      assert.match(response.header('cache-control') ?? '', /^public, max-age=\d+/)
      assert.isUndefined(response.header('set-cookie'))
      // An image: the client keeps its bytes, not text.
      const body: unknown = response.body()
      const svg = Buffer.isBuffer(body) ? body.toString('utf8') : String(response.text() ?? body)
      assert.match(svg, /^<svg [^>]*viewBox=/)
      // Scanned from a poster: the signatures it brings are counted as the poster's.
      const address = `${site}/petition/${petition.slug}?source=poster`
      assert.equal(svg, await QRCode.toString(address, options), host)
    }
  })

  test('the poster page shows the title, whom it addresses, the goal and the address, nothing personal', async ({
    client,
    assert,
  }) => {
    const { petition } = await petitionWithSigners()
    const response = await client.get(`/petition/${petition.slug}/poster`).withInertia()
    response.assertInertiaComponent('Petition/Poster')
    assert.deepEqual(response.inertiaProps.petition, {
      slug: petition.slug,
      title: 'A crossing for Elm Street school',
      target: 'Kyiv City Council',
      targetSignatures: 100,
      open: true,
    })
    assertNothingPersonal(assert, JSON.stringify(response.inertiaProps))

    const html = (
      await client.get(`/petition/${petition.slug}/poster`).header('host', 'fr.undersign.test')
    ).text()
    assert.include(html, `http://fr.undersign.test:3334/petition/${petition.slug}`)
    assert.include(html, `src="/petition/${petition.slug}/qr.svg"`)
    assert.include(html, i18nManager.locale('fr').t('page.poster.call').replace(/'/g, '&#x27;'))
    assert.include(html, 'name="robots" content="noindex"')
    assertNothingPersonal(assert, html)
  })
})

test.group('Spreading a petition: search engines', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a public petition page describes the petition as schema.org data, its author by public name only', async ({
    client,
    assert,
  }) => {
    const { petition } = await petitionWithSigners()
    const html = (await client.get(`/petition/${petition.slug}`)).text()
    const jsonLd = jsonLdOf(html)
    assert.exists(jsonLd)
    const { data } = jsonLd!
    assert.equal(data['@context'], 'https://schema.org')
    assert.equal(data['@type'], 'WebPage')
    assert.equal(data.url, `${SITE}/petition/${petition.slug}`)
    assert.equal(data.mainEntity['@type'], 'CreativeWork')
    assert.equal(data.mainEntity.name, 'A crossing for Elm Street school')
    assert.equal(data.mainEntity.description, 'The park is our green heart.')
    assert.equal(data.mainEntity.author.name, 'Oksana Melnyk')
    assert.equal(data.mainEntity.interactionStatistic.userInteractionCount, 2)
    assert.equal(
      data.mainEntity.interactionStatistic.interactionType,
      'https://schema.org/EndorseAction'
    )
    assert.match(data.mainEntity.dateCreated, /^\d{4}-\d\d-\d\dT/)
    assertNothingPersonal(assert, jsonLd!.raw)
  })

  test('no title or description can close the schema.org script', async ({ client, assert }) => {
    const title = 'Stop </script><script>alert(1)</script> now'
    const { petition } = await petitionWithSigners({
      title,
      description: '<p>Write &lt;/script&gt; &amp; more</p>',
    })
    const html = (await client.get(`/petition/${petition.slug}`)).text()
    const jsonLd = jsonLdOf(html)!
    assert.notInclude(jsonLd.raw, '<')
    assert.notInclude(jsonLd.raw, '>')
    assert.equal(jsonLd.data.name, title)
    assert.equal(jsonLd.data.mainEntity.description, 'Write </script> & more')
    assert.notInclude(html, '<script>alert(1)')
  })

  test('unlisted petitions, kept out of search engines, carry no schema.org data', async ({
    client,
    assert,
  }) => {
    const { petition } = await petitionWithSigners({ private: true })
    const html = (await client.get(`/petition/${petition.slug}`)).text()
    assert.include(html, 'name="robots" content="noindex"')
    assert.isNull(jsonLdOf(html))
  })

  test('the canonical address keeps the page number past the first and the list’s filters, in order', async ({
    client,
    assert,
  }) => {
    const { petition } = await petitionWithSigners()
    const cases: Array<[string, string, string]> = [
      ['undersign.test', '/petitions', `${SITE}/petitions`],
      ['undersign.test', '/petitions?page=1', `${SITE}/petitions`],
      ['undersign.test', '/petitions?page=2&utm_source=news', `${SITE}/petitions?page=2`],
      ['undersign.test', '/petitions?page=abc', `${SITE}/petitions`],
      [
        'undersign.test',
        '/petitions?sort=new&page=3&status=&x=1&lang=uk',
        `${SITE}/petitions?lang=uk&sort=new&page=3`,
      ],
      ['es.undersign.test', '/petitions?page=02', 'http://es.undersign.test:3334/petitions?page=2'],
      [
        'undersign.test',
        `/petition/${petition.slug}?q=x&ref=mail`,
        `${SITE}/petition/${petition.slug}`,
      ],
      ['undersign.test', '/faq?page=1&q=x', `${SITE}/faq`],
    ]
    for (const [host, path, canonical] of cases) {
      const response = await client.get(path).header('host', host)
      response.assertStatus(200)
      assert.equal(canonicalOf(response), canonical, `${host}${path}`)
    }
    // The other languages' versions are the same page there.
    const html = (await client.get('/petitions?page=2&lang=uk&foo=1')).text().replace(/&amp;/g, '&')
    assert.match(
      html,
      /<link[^>]*hrefLang="de"[^>]*href="http:\/\/de\.undersign\.test:3334\/petitions\?lang=uk&page=2"/i
    )
  })
})
