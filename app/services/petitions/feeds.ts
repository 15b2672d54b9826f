import { DateTime } from 'luxon'
import { Feed } from 'feed'
import type { I18n } from '@adonisjs/i18n'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type Petition from '#models/petition'
import { site } from '#config/site'
import { DEFAULT_LOCALE, isLocale, type Locale } from '#app/i18n/locales'
import { countryName, type CountryCode } from '#shared/countries'
import type { PetitionTopic } from '#shared/petitions/topics'
import { listFilters } from '#shared/petitions/list_filters'
import { filtered, orderByNewest } from '#services/petitions/listing/filters'
import { petitionUrl, summaryOf } from '#support/feed_entries'

/** Entries of a feed: the newest listed petitions. */
export const FEED_SIZE = 20

/** What a feed shows: one topic or one country. */
export type FeedSubject = { topic: PetitionTopic } | { country: CountryCode }

/**
 * The newest listed petitions of a topic or a country, in every language
 * at once. Not through `publicPetitions`: that list puts the reader's
 * language first, and a feed is newest first whatever the language. The
 * same filter as the list's, so that "listed" has one meaning.
 */
export function newestPetitions(subject: FeedSubject) {
  const now = DateTime.now().toUTC().toFormat(db.connection().dialect.dateTimeFormat)
  const scope = { ...listFilters(subject), lang: 'all' as const }
  return orderByNewest(filtered(scope, now))
    .select(
      [
        'id',
        'guid',
        'slug',
        'user_id',
        'title',
        'lang',
        'description_text',
        'topics',
        'created_at',
        'updated_at',
      ].map((column) => `petitions.${column}`)
    )
    .preload('user', (user) => user.select('id', 'first_name'))
    .limit(FEED_SIZE)
}

/**
 * XML 1.0 cannot carry C0 controls (but tab and line ends), U+FFFE, U+FFFF
 * or a lone surrogate, not even escaped: a petition's text holding one
 * would make the whole feed unreadable.
 */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching the controls is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

const xmlText = (text: string) => text.replace(NOT_XML, '')

/**
 * The feed library writes titles and summaries as `type="html"`: a reader
 * renders them as HTML. Users' text is escaped first, so that a title with
 * `<script>` shows as those characters and never runs (and no `]]>` can end
 * the library's CDATA section early).
 */
const asHtml = (text: string) =>
  xmlText(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')

/**
 * A feed's own addresses (its path, and the list it follows) and its title
 * and subtitle in the reader's language.
 */
export function feedTexts(subject: FeedSubject, i18n: I18n) {
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
  const topicName = (topic: PetitionTopic) => i18n.t(`page.topics.${topic}`)
  return 'topic' in subject
    ? {
        self: urlFor('feeds.topic', { topic: subject.topic }),
        list: urlFor('petitions.index', {}, { qs: { topic: subject.topic } }),
        title: i18n.t('feeds.topic_title', { site: site.name, topic: topicName(subject.topic) }),
        subtitle: i18n.t('feeds.topic_subtitle', { topic: topicName(subject.topic) }),
      }
    : {
        self: urlFor('feeds.country', { country: subject.country }),
        list: urlFor('petitions.index', {}, { qs: { country: subject.country } }),
        title: i18n.t('feeds.country_title', {
          site: site.name,
          country: countryName(subject.country, locale),
        }),
        subtitle: i18n.t('feeds.country_subtitle', {
          country: countryName(subject.country, locale),
        }),
      }
}

/**
 * An Atom feed (RFC 4287) of the newest petitions of a topic or a country,
 * titled in the reader's language, its addresses on the reader's language
 * site. Each entry gives its owner's first name only (never an address),
 * its topics as categories and the start of its text, escaped.
 */
export function atomFeed(subject: FeedSubject, petitions: Petition[], i18n: I18n) {
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
  const siteUrl = site.urlFor(locale)
  const topicName = (topic: PetitionTopic) => i18n.t(`page.topics.${topic}`)
  const texts = feedTexts(subject, i18n)
  const deletedOwnerName = i18n.t('page.account.deleted_user')
  const updatedOf = (petition: Petition) => (petition.updatedAt ?? petition.createdAt).toJSDate()
  // The feed changed when its newest change did; an empty feed is new now.
  const updated = petitions.length
    ? new Date(Math.max(...petitions.map((petition) => updatedOf(petition).getTime())))
    : new Date()

  const feed = new Feed({
    id: siteUrl + texts.self,
    title: xmlText(texts.title),
    description: xmlText(texts.subtitle),
    link: siteUrl + texts.list,
    feedLinks: { atom: siteUrl + texts.self },
    updated,
    generator: false,
    // The feed's own author stands for entries without one, and for an empty feed.
    author: { name: site.name, link: siteUrl },
  })
  for (const petition of petitions) {
    const owner = petition.userId === null ? null : petition.user
    feed.addItem({
      // Its uuid: the same entry whatever its slug or the site it is read on.
      id: `urn:uuid:${petition.guid}`,
      title: asHtml(petition.title),
      link: petitionUrl(petition),
      date: updatedOf(petition),
      published: petition.createdAt.toJSDate(),
      description: asHtml(summaryOf(petition.descriptionText ?? '')),
      author: [{ name: xmlText(owner ? owner.firstName : deletedOwnerName) }],
      category: (petition.topics ?? []).map((topic) => ({
        term: topic,
        name: xmlText(topicName(topic)),
      })),
    })
  }
  return feed.atom1()
}
