import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import CacheVersion from '#models/cache_version'
import { site } from '#config/site'
import { DEFAULT_LOCALE, LOCALES } from '#app/i18n/locales'
import { wherePublic } from '#support/petition_visibility'
import { PETITION_TOPICS } from '#shared/petitions/topics'
import { sitemapFileCounts, sitemapFiles } from '#runtime/caches/process_caches'

/**
 * Pages per sitemap file. Each page is listed once per language, and each
 * entry names its nine alternates, so 1,000 pages make 8,000 URLs in about
 * 6 MB: well inside the limits of a file (50,000 URLs, 50 MB), and quick
 * to build on request.
 */
export const PAGES_PER_SITEMAP = 1000

/** The pages everyone may read, besides the petitions. */
const STATIC_ROUTES = ['home', 'petitions.index', 'faq', 'privacy_policy', 'contacts.show'] as const

/**
 * The pages listed before the petitions: the static ones, then the list of
 * each topic (`/petitions?topic=environment`), a page of its own with its
 * own heading, which people search for by its subject.
 */
function fixedPaths() {
  const list = urlFor('petitions.index')
  return [
    ...STATIC_ROUTES.map((route) => urlFor(route)),
    ...PETITION_TOPICS.map((topic) => `${list}?${new URLSearchParams({ topic })}`),
  ]
}

/** How many pages come before the petitions. */
const FIXED_PAGES = STATIC_ROUTES.length + PETITION_TOPICS.length

type SitemapPage = { path: string; lastModified: string | null }

/** Petitions search engines may list: published, not private, not hidden by moderators. */
function listedPetitions() {
  return wherePublic(db.from('petitions')).where('private', false)
}

function escapeXml(text: string) {
  return text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!
  )
}

/** A stored timestamp as ISO 8601: SQLite gives the text Lucid wrote, in the server's zone. */
function isoDate(value: unknown) {
  if (!value) return null
  const date = value instanceof Date ? value : new Date(String(value).replace(' ', 'T'))
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/**
 * A built sitemap file is served for a minute (a new title or date shows
 * within it), unless a petition came into it or left it meanwhile: its
 * version (`cache_versions`, changed by the Petition model in the
 * transaction of that change) then differs from the one it was built at, and
 * every worker builds it again at its next request. The same file serves
 * all eight sites (each entry names every site already). Requests at the
 * same time share one build (runtime/caches/process_caches).
 */
async function atVersion(key: string) {
  return `${await CacheVersion.of('sitemap')}:${key}`
}

async function fileCount() {
  return sitemapFileCounts.get(await atVersion('count'), sitemapCount)
}

/** What /sitemap.xml answers: the only file, or the index of the files past 1,000 pages. */
export async function sitemapRoot() {
  return sitemapFiles.get(await atVersion('root'), async () => {
    const count = await fileCount()
    return count === 1 ? sitemapXml(1) : sitemapIndexXml(count)
  })
}

/** Sitemap file `number` (from 1), or null past the last one (never kept: it would push real ones out). */
export async function sitemapFile(number: number) {
  if (number > (await fileCount())) return null
  return sitemapFiles.get(await atVersion(String(number)), () => sitemapXml(number))
}

/** How many sitemap files the site's pages take. */
async function sitemapCount() {
  const [row] = await listedPetitions().count('* as total')
  return Math.max(1, Math.ceil((FIXED_PAGES + Number(row.total)) / PAGES_PER_SITEMAP))
}

/**
 * The pages of sitemap file `number` (from 1): the static pages and the
 * topics' lists first, then the listed petitions in id order,
 * PAGES_PER_SITEMAP pages a file.
 */
async function pagesOf(number: number): Promise<SitemapPage[]> {
  const start = (number - 1) * PAGES_PER_SITEMAP
  const statics = fixedPaths()
    .slice(start, start + PAGES_PER_SITEMAP)
    .map((path) => ({ path, lastModified: null }))
  const petitionOffset = Math.max(0, start - FIXED_PAGES)
  const rows: Array<{ slug: string; updated_at: unknown; created_at: unknown }> =
    await listedPetitions()
      .orderBy('id')
      .offset(petitionOffset)
      .limit(PAGES_PER_SITEMAP - statics.length)
      .select('slug', 'updated_at', 'created_at')
  return [
    ...statics,
    ...rows.map((row) => ({
      path: urlFor('petitions.show', { slug: row.slug }),
      lastModified: isoDate(row.updated_at ?? row.created_at),
    })),
  ]
}

/**
 * One sitemap file: every page once per language's site, each entry naming
 * all its language versions (hreflang alternates, English as the default).
 */
async function sitemapXml(number: number) {
  const pages = await pagesOf(number)
  const alternates = (path: string) =>
    [
      ...LOCALES.map(
        (locale) =>
          `<xhtml:link rel="alternate" hreflang="${locale}" href="${escapeXml(site.urlFor(locale) + path)}"/>`
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(site.urlFor(DEFAULT_LOCALE) + path)}"/>`,
    ].join('')
  const entries = pages.flatMap((page) =>
    LOCALES.map(
      (locale) =>
        `<url><loc>${escapeXml(site.urlFor(locale) + page.path)}</loc>` +
        (page.lastModified ? `<lastmod>${page.lastModified}</lastmod>` : '') +
        alternates(page.path) +
        '</url>'
    )
  )
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    entries.join('\n') +
    '\n</urlset>\n'
  )
}

/** The index of the sitemap files, for a site whose pages take more than one. */
function sitemapIndexXml(count: number) {
  const files = Array.from(
    { length: count },
    (_, index) =>
      `<sitemap><loc>${escapeXml(site.url + urlFor('seo.sitemap_part', { number: index + 1 }))}</loc></sitemap>`
  )
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    files.join('\n') +
    '\n</sitemapindex>\n'
  )
}
