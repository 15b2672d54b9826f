import { test } from '@japa/runner'
import { queriesDuring } from '#tests/helpers/database'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import { LOCALES } from '#app/i18n/locales'
import { DateTime } from 'luxon'
import { PAGES_PER_SITEMAP } from '#services/seo/sitemap'
import { sitemapFileCounts, sitemapFiles } from '#runtime/caches/process_caches'
import CacheVersion from '#models/cache_version'
import { restoreClock, setClock } from '#tests/helpers/clock'
import { ROLE_MODERATOR } from '#models/user'
import { makeMember } from '#tests/helpers/auth'
import { newGuid, submitPetition } from '#tests/helpers/petitions'
import { PetitionFactory } from '#database/factories/petition_factory'
import { PETITION_TOPICS } from '#shared/petitions/topics'
import env from '#start/env'

// On the port the tests run on (PORT may be set to run beside another run).
const SITE = `http://undersign.test:${env.get('PORT')}`
const siteOf = (locale: string) =>
  locale === 'en' ? SITE : `http://${locale}.undersign.test:${env.get('PORT')}`

/** The text of an attribute as React writes it. */
const unescaped = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** The <loc> addresses of a sitemap or sitemap index. */
const locationsIn = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])

/** The SQL statements that read or write the petitions while `action` runs. */
const petitionQueriesDuring = async (action: () => Promise<unknown>) =>
  (await queriesDuring(action)).filter((sql) => /\bpetitions\b/.test(sql))

test.group('Search engines', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  // Each test's petitions go with its transaction: no file built from them is kept.
  group.each.setup(() => {
    sitemapFiles.clear()
    sitemapFileCounts.clear()
  })
  group.each.teardown(() => restoreClock())

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
    assert.include(text, `Sitemap: ${siteOf('es')}/sitemap.xml`)
  })

  test('the sitemap lists every public page and listed petition on every language’s site', async ({
    client,
    assert,
  }) => {
    const listed = await PetitionFactory.apply('published')
      .merge({ title: 'A park for Oak Hill & friends' })
      .with('user')
      .create()
    const draft = await PetitionFactory.with('user').create()
    const unlisted = await PetitionFactory.apply('published')
      .merge({ private: true })
      .with('user')
      .create()

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
    // The five pages, the fifteen topics' lists and the one petition.
    assert.lengthOf(locations, (5 + PETITION_TOPICS.length + 1) * LOCALES.length)
    assert.notInclude(xml, draft.slug)
    assert.notInclude(xml, unlisted.slug)
    // Each entry names its page in every language, English by default.
    assert.include(
      xml,
      `<xhtml:link rel="alternate" hreflang="uk" href="${siteOf('uk')}/petition/${listed.slug}"/>`
    )
    assert.include(
      xml,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${SITE}/petition/${listed.slug}"/>`
    )
    assert.match(xml, /<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/)
  })

  test('the sitemap lists the list of every topic on every language’s site, with its versions in every language', async ({
    client,
    assert,
  }) => {
    const xml = (await client.get('/sitemap.xml').header('host', 'de.undersign.test')).text()
    const entries = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((match) => match[1])
    const topicEntries = entries.filter((entry) => /<loc>[^<]*\/petitions\?topic=/.test(entry))
    assert.lengthOf(topicEntries, PETITION_TOPICS.length * LOCALES.length)
    for (const topic of PETITION_TOPICS) {
      const path = `/petitions?topic=${topic}`
      for (const locale of LOCALES) {
        const entry = entries.find((candidate) =>
          candidate.startsWith(`<loc>${siteOf(locale)}${path}</loc>`)
        )
        assert.exists(entry, `${locale} ${topic}`)
        // Its eight language versions and the default, and nothing else.
        const alternates = [...entry!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(
          ([, language, href]) => [language, href]
        )
        assert.deepEqual(
          alternates,
          [
            ...LOCALES.map((language) => [language, `${siteOf(language)}${path}`]),
            ['x-default', `${SITE}${path}`],
          ],
          `${locale} ${topic}`
        )
      }
    }
  })

  test('requests in a row share one build of the sitemap; a petition that becomes or stops being public shows at once', async ({
    client,
    assert,
  }) => {
    await PetitionFactory.apply('published')
      .merge({ title: 'Benches for the river walk' })
      .with('user')
      .create()
    let first = ''
    const building = await petitionQueriesDuring(async () => {
      first = (await client.get('/sitemap.xml')).text()
    })
    assert.isAbove(building.length, 0)
    const again = await petitionQueriesDuring(async () => {
      for (const host of ['undersign.test', 'es.undersign.test', 'uk.undersign.test']) {
        const response = await client.get('/sitemap.xml').header('host', host)
        response.assertStatus(200)
        assert.equal(response.text(), first)
      }
    })
    assert.deepEqual(again, [])

    const listed = async (slug: string) =>
      (await client.get('/sitemap.xml')).text().includes(`${SITE}/petition/${slug}<`)
    const owner = await makeMember()
    const guid = newGuid()
    const save = async (overrides: Record<string, unknown>) => {
      const saved = await submitPetition(client, owner, guid, {
        title: 'A library bus for the villages',
        ...overrides,
      })
      assert.equal(saved.status(), 302)
      return (await db.from('petitions').where('guid', guid).firstOrFail()) as {
        id: number
        slug: string
      }
    }
    // Created (published at once), unpublished, published, made private, listed again.
    const { id, slug } = await save({})
    assert.isTrue(await listed(slug), 'created')
    await save({ published: false })
    assert.isFalse(await listed(slug), 'unpublished')
    await save({ published: true })
    assert.isTrue(await listed(slug), 'published')
    await save({ private: true })
    assert.isFalse(await listed(slug), 'made private')
    await save({ private: false })
    assert.isTrue(await listed(slug), 'listed again')

    // Hidden and restored by a moderator.
    const moderator = await makeMember({ role: ROLE_MODERATOR })
    for (const [action, shown] of [
      ['hide', false],
      ['restore', true],
    ] as const) {
      const acted = await client
        .post(`/moderation/petitions/${id}/${action}`)
        .header('referer', 'http://undersign.test/moderation')
        // Hiding takes a reason of the list; restoring, the moderator's words.
        .form({ reason: action === 'hide' ? 'spam' : 'Checked against the rules of the site.' })
        .withCsrfToken()
        .loginAs(moderator)
        .redirects(0)
      assert.equal(acted.status(), 302)
      assert.equal(await listed(slug), shown, action)
    }
  })

  test('a built sitemap is kept a minute at most, and rebuilt as soon as another process changes what it lists', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published')
      .merge({ title: 'Benches for the river walk' })
      .with('user')
      .create()
    const sitemap = async () => (await client.get('/sitemap.xml')).text()
    assert.include(await sitemap(), `/petition/${petition.slug}<`)
    // Written as a bulk import would, past the model: the built file is kept…
    await db.from('petitions').where('id', petition.id).update({ slug: 'benches-by-the-river' })
    assert.include(await sitemap(), `/petition/${petition.slug}<`)
    // …for a minute.
    setClock(DateTime.now().plus({ seconds: 61 }))
    assert.include(await sitemap(), '/petition/benches-by-the-river<')

    // Another worker hid it: it changed the version in its transaction; this one reads it.
    await db.from('petitions').where('id', petition.id).update({ hidden_at: new Date() })
    await CacheVersion.renew('sitemap')
    assert.notInclude(await sitemap(), '/petition/benches-by-the-river<')
  })

  test('past 1,000 pages the sitemap is an index of files of 1,000 pages each', async ({
    client,
    assert,
  }) => {
    const owner = await makeMember()
    await PetitionFactory.apply('published')
      .merge(
        Array.from({ length: PAGES_PER_SITEMAP }, (_, index) => ({
          slug: `bulk-petition-${index}`,
          userId: owner.id,
          title: `Bulk petition ${index}`,
          target: 'The council',
          description: '<p>Text</p>',
          allowComments: false,
        }))
      )
      .createMany(PAGES_PER_SITEMAP)

    const index = await client.get('/sitemap.xml')
    const files = locationsIn(index.text())
    assert.include(index.text(), '<sitemapindex')
    assert.deepEqual(files, [`${SITE}/sitemap/1`, `${SITE}/sitemap/2`])

    const first = locationsIn((await client.get('/sitemap/1')).text())
    const second = locationsIn((await client.get('/sitemap/2')).text())
    assert.lengthOf(first, PAGES_PER_SITEMAP * LOCALES.length)
    // The five public pages and the topics' lists push as many petitions into the second file.
    assert.lengthOf(second, (5 + PETITION_TOPICS.length) * LOCALES.length)
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
    // Every language is the default: `lang=all` says nothing the address needs.
    assert.equal(canonicalOf(html), `${siteOf('es')}/petitions?status=open&page=2`)
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
    // A topic's and a country's list are pages of their own.
    const topical = (await client.get('/petitions?country=DE&topic=environment&lang=all')).text()
    assert.equal(canonicalOf(topical), `${SITE}/petitions?topic=environment&country=DE`)
  })

  test('every page names its versions on the other languages’ sites', async ({
    client,
    assert,
  }) => {
    const petition = await PetitionFactory.apply('published').with('user').create()
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

  test('every page has a meta description in its language: its own, else the site’s', async ({
    client,
    assert,
  }) => {
    const uk = i18nManager.locale('uk')
    const sentence = 'Наш парк — зелене серце району, і ми хочемо його зберегти. '
    const petition = await PetitionFactory.apply('published')
      .merge({
        title: 'Збережемо парк',
        target: 'Київська міська рада',
        description: `<h2>Чому</h2><p>${sentence.repeat(6)}</p><p>Підпишіть &amp; поширте.</p>`,
      })
      .with('user')
      .create()
    const descriptionOf = async (path: string) => {
      const html = (await client.get(path).header('host', 'uk.undersign.test')).text()
      const tags = [...html.matchAll(/<meta[^>]*name="description"[^>]*>/g)].map(([tag]) => tag)
      assert.lengthOf(tags, 1, path)
      return unescaped(tags[0].match(/content="([^"]*)"/)![1])
    }

    assert.equal(await descriptionOf('/'), uk.t('page.home.slogan_text'))
    assert.equal(await descriptionOf('/faq'), uk.t('page.faq.intro'))
    // A petition: whom it addresses, its target.
    assert.equal(await descriptionOf(`/petition/${petition.slug}`), 'Київська міська рада')
    // Pages without words of their own: the site's description.
    for (const path of ['/privacy-policy', '/login', '/petition/no-such-petition']) {
      assert.equal(await descriptionOf(path), uk.t('common.footer.description'), path)
    }
    assert.notEqual(
      uk.t('common.footer.description'),
      i18nManager.locale('en').t('common.footer.description')
    )
  })
})
