import { useState, type CSSProperties } from 'react'
import { Button } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import type { Data } from '@generated/data'
import { formatDate } from '~/lib/format_date.ts'

/** Six updates fit the track; an arrow moves it by half of them, so each step keeps three in view. */
const VISIBLE = 6
const STEP = 3

/**
 * The petition's updates on a horizontal timeline. All items are rendered and
 * the track slides (CSS transform), so that below 600px the stylesheet can
 * simply stack them vertically and hide the arrows.
 */
export default function UpdatesTimeline({
  updates,
  ownerFirstName,
}: {
  updates: Data.PetitionShow['updates']
  ownerFirstName: string
}) {
  const { t, locale } = useTranslation()
  const [wanted, setStart] = useState(0)
  const lastStart = Math.max(0, updates.length - VISIBLE)
  // Clamped here too, in case a reload brings fewer updates than before.
  const start = Math.min(wanted, lastStart)
  const move = (delta: number) => setStart(Math.min(lastStart, Math.max(0, start + delta)))

  return (
    <section className="petition-show-section" data-testid="updates-timeline">
      <h2 className="h4 mb-3">{t('page.show.updates')}</h2>
      {updates.length === 0 ? (
        <p className="text-muted mb-0" data-testid="no-updates">
          {t('page.show.no_updates')}
        </p>
      ) : (
        <div className="updates-timeline">
          {/* Always there (disabled at the ends), so the layout does not jump. */}
          <Button
            variant="outline-secondary"
            size="sm"
            className="updates-timeline-arrow"
            onClick={() => move(-STEP)}
            disabled={start === 0}
            aria-label={t('page.show.previous')}
          >
            ‹
          </Button>
          <div className="updates-timeline-viewport">
            <ol
              className="updates-timeline-track"
              style={{ '--timeline-start': start } as CSSProperties}
            >
              {updates.map((update) => (
                <li key={update.id} className="updates-timeline-item" data-testid="update-item">
                  <div className="small text-muted">
                    <time dateTime={update.createdAt}>{formatDate(locale, update.createdAt)}</time>
                    {' · '}
                    <span>{ownerFirstName}</span>
                  </div>
                  <h3 className="h6 mt-1 mb-1">{update.title}</h3>
                  <p className="petition-plain-text small mb-0">{update.description}</p>
                </li>
              ))}
            </ol>
          </div>
          <Button
            variant="outline-secondary"
            size="sm"
            className="updates-timeline-arrow"
            onClick={() => move(STEP)}
            disabled={start >= lastStart}
            aria-label={t('page.show.next')}
          >
            ›
          </Button>
        </div>
      )}
    </section>
  )
}
