import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { LOCALES } from '#app/i18n/locales'
import { PAGES_PER_SITEMAP } from '#services/seo/sitemap'
import { makeMember } from '#tests/helpers/auth'
import { makePetition } from '#tests/helpers/signatures'

const SITE = 'http://undersign.test:3334'
const siteOf = (locale: string) => (locale === 'en' ? SITE : `http://${locale}.undersign.test:3334`)

/** The <loc> addresses of a sitemap or sitemap index. */
const locationsIn = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])

test.group('Search engines', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('robots.txt keeps private pages out and points at the sitemap of its language’s site', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/robots.txt').header('host', 'es.undersign.test')
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/plain/)
    const text = response.text()
    for (const path of ['/my/', '/petition/*/edit', '/petition/*/signatures', '/signature/']) {
      assert.include(text, `Disallow: ${path}\n`)
    }
    assert.notInclude(text, 'Disallow: /petition/\n')
    assert.include(text, 'Sitemap: http://es.undersign.test:3334/sitemap.xml')
  })

  test('the sitemap lists every public page and listed petition on every language’s site', async ({
    client,
    assert,
  }) => {
    const { petition: listed } = await makePetition({ title: 'A park for Oak Hill & friends' })
    const { petition: draft } = await makePetition({ published: false })
    const { petition: unlisted } = await makePetition({ private: true })

    const response = await client.get('/sitemap.xml')
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^application\/xml/)
    const xml = response.text()
    const locations = locationsIn(xml)
    for (const locale of LOCALES) {
      for (const path of ['/', '/petitions', '/faq', '/privacy-policy', '/contacts']) {
        assert.include(locations, `${siteOf(locale)}${path}`)
      }
      assert.include(locations, `${siteOf(locale)}/petition/${listed.slug}`)
    }
    assert.lengthOf(locations, (5 + 1) * LOCALES.length)
    assert.notInclude(xml, draft.slug)
    assert.notInclude(xml, unlisted.slug)
    // Each entry names its page in every language, English by default.
    assert.include(
      xml,
      `<xhtml:link rel="alternate" hreflang="uk" href="http://uk.undersign.test:3334/petition/${listed.slug}"/>`
    )
    assert.include(
      xml,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${SITE}/petition/${listed.slug}"/>`
    )
    assert.match(xml, /<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/)
  })

  test('past 1,000 pages the sitemap is an index of files of 1,000 pages each', async ({
    client,
    assert,
  }) => {
    const owner = await makeMember()
    const now = new Date()
    const rows = Array.from({ length: PAGES_PER_SITEMAP }, (_, index) => ({
      guid: randomUUID(),
      slug: `bulk-petition-${index}`,
      user_id: owner.id,
      title: `Bulk petition ${index}`,
      target: 'The council',
      description: '<p>Text</p>',
      created_at: now,
      updated_at: now,
    }))
    for (let start = 0; start < rows.length; start += 500) {
      await db.table('petitions').multiInsert(rows.slice(start, start + 500))
    }

    const index = await client.get('/sitemap.xml')
    const files = locationsIn(index.text())
    assert.include(index.text(), '<sitemapindex')
    assert.deepEqual(files, [`${SITE}/sitemap/1`, `${SITE}/sitemap/2`])

    const first = locationsIn((await client.get('/sitemap/1')).text())
    const second = locationsIn((await client.get('/sitemap/2')).text())
    assert.lengthOf(first, PAGES_PER_SITEMAP * LOCALES.length)
    // The five public pages push the last five petitions into the second file.
    assert.lengthOf(second, 5 * LOCALES.length)
    assert.include(second, `${SITE}/petition/bulk-petition-${PAGES_PER_SITEMAP - 1}`)
    ;(await client.get('/sitemap/3')).assertStatus(404)
  })

  test('a search result page is kept out of search engines and its canonical address drops the query', async ({
    client,
    assert,
  }) => {
    const canonicalOf = (html: string) =>
      html.match(/<link[^>]*rel="canonical"[^>]*href="([^"]*)"/)?.[1].replace(/&amp;/g, '&')
    const searched = await client
      .get('/petitions?q=Call%20555-0100&status=open&lang=all&page=2')
      .header('host', 'es.undersign.test')
    searched.assertStatus(200)
    const html = searched.text()
    assert.include(html, '<meta name="robots" content="noindex"')
    assert.equal(
      canonicalOf(html),
      'http://es.undersign.test:3334/petitions?status=open&lang=all&page=2'
    )
    assert.notMatch(html, /hrefLang=/i)
    // Ranked by relevance only while searching: the order goes with the query.
    const ranked = (await client.get('/petitions?q=park&sort=relevance')).text()
    assert.include(ranked, '<meta name="robots" content="noindex"')
    assert.equal(canonicalOf(ranked), `${SITE}/petitions`)

    // The same list without a query is a page for search engines.
    for (const path of ['/petitions?status=open', '/petitions?q=%20%20&status=open']) {
      const listed = (await client.get(path)).text()
      assert.notInclude(listed, 'name="robots"', path)
      assert.equal(canonicalOf(listed), `${SITE}/petitions?status=open`, path)
    }
  })

  test('every page names its versions on the other languages’ sites', async ({
    client,
    assert,
  }) => {
    const { petition } = await makePetition()
    const html = (
      await client.get(`/petition/${petition.slug}`).header('host', 'fr.undersign.test')
    )
      .text()
      .replace(/&amp;/g, '&')
    for (const locale of LOCALES) {
      assert.match(
        html,
        new RegExp(
          `<link[^>]*rel="alternate"[^>]*hrefLang="${locale}"[^>]*href="${siteOf(locale)}/petition/${petition.slug}"`,
          'i'
        ),
        locale
      )
    }
    assert.match(html, new RegExp(`hrefLang="x-default"[^>]*href="${SITE}/petition/`, 'i'))
    // A page kept out of search engines names no alternates.
    const mailedLink = (await client.get('/signature/1/confirm')).text()
    assert.include(mailedLink, 'name="robots" content="noindex"')
    assert.notMatch(mailedLink, /hrefLang=/i)
  })
})
