import type { CSSProperties } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { Badge, Container } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { useSharedProps } from '~/lib/shared.ts'
import type { Data } from '@generated/data'
import { ShareButton } from './share_widget.tsx'
import { urlFor } from '~/client.ts'
import SignaturesBar from '~/components/petition/signatures_bar.tsx'
import ClosingNote, { useClosingText } from '~/components/petition/closing_note.tsx'
import PetitionCount from '~/components/petition/show/petition_count.tsx'
import TopicBadges from '~/components/petition/topic_badges.tsx'

/**
 * Title, progress, status badges and one "Share" button, over the banner.
 * On wide screens the count and the bar are in the sticky sign box instead.
 */
export default function PetitionHeader({ petition }: { petition: Data.PetitionShow }) {
  const { t } = useTranslation()
  const { appUrl } = useSharedProps()
  const closing = useClosingText(petition)
  const bannerUrl = petition.banner?.url
  // The banner goes in a CSS variable; the stylesheet lays a dark overlay over it.
  const style = bannerUrl
    ? ({ '--petition-banner': `url(${JSON.stringify(bannerUrl)})` } as CSSProperties)
    : undefined

  return (
    <section
      className={`petition-header ${bannerUrl ? 'petition-header-banner' : ''}`}
      style={style}
      data-testid="petition-header"
    >
      <Container className="py-5">
        <div className="d-flex flex-wrap gap-2 mb-3">
          {!petition.published && (
            <Badge bg="warning" text="dark" data-testid="draft-badge">
              {t('page.show.draft')}
            </Badge>
          )}
          {petition.victoryAt && (
            <Badge bg="success" data-testid="victory-badge">
              {t('page.response.victory_badge')}
            </Badge>
          )}
          {(petition.finished || closing?.closed) && (
            <Badge bg="secondary" data-testid="finished-badge">
              {t('page.show.finished')}
            </Badge>
          )}
        </div>
        <h1 className="display-6 fw-bold petition-header-title">{petition.title}</h1>
        {petition.target && (
          <p className="lead mb-0" data-testid="petition-target">
            {t('page.petition_card.addressed_to', { target: petition.target })}
          </p>
        )}
        <TopicBadges topics={petition.topics} place={petition.place} onDark className="mt-3" />
        {petition.editCount > 0 && (
          <p className="small mt-2 mb-0">
            <Link
              route="petitions.history"
              routeParams={{ slug: petition.slug }}
              className="petition-header-history"
              data-testid="edited-link"
            >
              {t('page.show.edited', { count: petition.editCount })}
            </Link>
          </p>
        )}
        <div className="petition-header-progress my-4">
          <div className="d-lg-none">
            <SignaturesBar petition={petition} />
          </div>
          <PetitionCount
            petition={petition}
            className="fw-semibold mt-2 mb-0 d-lg-none"
            detailClassName="small d-lg-none mt-1 mb-0"
            testId="signature-count"
          />
          <ClosingNote petition={petition} className="mt-2 mb-0" withDetail />
        </div>
        <ShareButton
          url={`${appUrl}${urlFor('petitions.show', { slug: petition.slug })}`}
          title={petition.title}
          target="share-petition"
        />
      </Container>
    </section>
  )
}
