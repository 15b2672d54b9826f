import { Head } from '@inertiajs/react'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'
import type { PetitionTopic } from '@app/shared/petitions/topics.ts'
import { countryName, type CountryCode } from '@app/shared/countries.ts'

/**
 * The list as open data, with its filters and order: the same petitions as
 * JSON and as CSV, linked for people and announced in the page's head for
 * programs.
 */
export function ListDataLinks({ query }: { query: Record<string, string> }) {
  const { t } = useTranslation()
  const formats = [
    { url: urlFor('open_data.index', {}, { qs: query }), type: 'application/json', label: 'JSON' },
    { url: urlFor('open_data.csv', {}, { qs: query }), type: 'text/csv', label: 'CSV' },
  ]
  return (
    <>
      <Head>
        {formats.map((format) => (
          <link
            key={format.type}
            rel="alternate"
            type={format.type}
            title={t('page.open_data.list_as', { format: format.label })}
            href={format.url}
          />
        ))}
      </Head>
      <span className="small" data-testid="list-data-links">
        {t('page.open_data.data')}{' '}
        {formats.map((format, index) => (
          <span key={format.type}>
            {index > 0 && ' · '}
            <a
              href={format.url}
              className="d-inline-block"
              style={{ minHeight: '1.5rem', lineHeight: 1.5 }}
              aria-label={t('page.open_data.list_as', { format: format.label })}
            >
              {format.label}
            </a>
          </span>
        ))}
      </span>
    </>
  )
}

/**
 * A topic's or a country's page offers its Atom feed of new petitions: a
 * link readers see, and one feed readers find in the page's head.
 */
export function FeedLinks({
  topic,
  country,
}: {
  topic: PetitionTopic | null
  country: CountryCode | null
}) {
  const { t, locale } = useTranslation()
  const feeds = [
    topic && {
      url: urlFor('feeds.topic', { topic }),
      label: t('page.list.feed_topic', { topic: t(`page.topics.${topic}`) }),
    },
    country && {
      url: urlFor('feeds.country', { country }),
      label: t('page.list.feed_country', { country: countryName(country, locale) }),
    },
  ].filter((feed) => feed !== null)
  if (feeds.length === 0) return null
  return (
    <>
      <Head>
        {feeds.map((feed) => (
          <link
            key={feed.url}
            rel="alternate"
            type="application/atom+xml"
            title={feed.label}
            href={feed.url}
          />
        ))}
      </Head>
      {feeds.map((feed) => (
        // At least 24 px high: a target a finger or a shaky hand hits (WCAG 2.5.8).
        <a
          key={feed.url}
          href={feed.url}
          className="small d-inline-block"
          style={{ minHeight: '1.5rem', lineHeight: 1.5 }}
          data-testid="feed-link"
        >
          {feed.label}
        </a>
      ))}
    </>
  )
}
