import type { CSSProperties } from 'react'
import { Link } from '@inertiajs/react'
import type { PetitionTopic } from '@app/shared/petitions/topics.ts'
import { countryName } from '@app/shared/countries.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

type TopicBadgesProps = {
  topics: PetitionTopic[]
  place: { country: string | null; region: string | null }
  /** Over the petition page's dark header: white text on a darker pill. */
  onDark?: boolean
  className?: string
}

// At least 28 px high, so that each link is an easy target (WCAG 2.5.8 asks for 24).
const pill: CSSProperties = { minHeight: '1.75rem' }
// Over the header's banner or gradient: black under the white text keeps it at 4.5:1 or more.
const darkPill: CSSProperties = { ...pill, backgroundColor: 'rgba(0, 0, 0, 0.35)' }
const placeLink: CSSProperties = { display: 'inline-block', minHeight: '1.5rem', lineHeight: 1.5 }

/**
 * A petition's topics, each a link to the list of that topic, and where it
 * applies: the region as written and the country, named in the page's
 * language, a link to the list of that country. Nothing when neither is said.
 */
export default function TopicBadges({
  topics,
  place,
  onDark = false,
  className,
}: TopicBadgesProps) {
  const { t, locale } = useTranslation()
  if (topics.length === 0 && !place.country) return null
  const pillClass = onDark
    ? 'text-white border border-light'
    : 'bg-primary-subtle text-primary-emphasis border border-primary-subtle'
  return (
    <div className={className} data-testid="topic-badges">
      {topics.length > 0 && (
        <ul
          className="list-unstyled d-flex flex-wrap gap-2 mb-0"
          aria-label={t('page.topics.list_label')}
        >
          {topics.map((topic) => (
            <li key={topic}>
              <Link
                href={urlFor('petitions.index', {}, { qs: { topic } })}
                className={`d-inline-flex align-items-center rounded-pill px-3 small fw-semibold text-decoration-none ${pillClass}`}
                style={onDark ? darkPill : pill}
                data-topic={topic}
              >
                {t(`page.topics.${topic}`)}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {place.country && (
        <dl
          className={`small mb-0 ${topics.length > 0 ? 'mt-2' : ''}`}
          data-testid="petition-place"
        >
          <dt className="visually-hidden">{t('page.topics.place_label')}</dt>
          <dd className="mb-0">
            {place.region && <>{place.region}, </>}
            <Link
              href={urlFor('petitions.index', {}, { qs: { country: place.country } })}
              className={onDark ? 'text-white' : undefined}
              style={placeLink}
              data-country={place.country}
            >
              {/* The server's CLDR may spell a rare name differently from the browser's. */}
              <span suppressHydrationWarning>{countryName(place.country, locale)}</span>
            </Link>
          </dd>
        </dl>
      )}
    </div>
  )
}
