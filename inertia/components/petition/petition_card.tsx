import { Link } from '@inertiajs/react'
import { Badge, Card } from 'react-bootstrap'
import type { Data } from '@generated/data'
import { useTranslation } from '~/i18n/context.tsx'
import OwnerBadge from './owner_badge.tsx'
import SignaturesBar from './signatures_bar.tsx'
import { urlFor } from '~/client.ts'
import BannerLink from '~/components/petition/banner_link.tsx'
import ClosingNote from './closing_note.tsx'
import TopicBadges from './topic_badges.tsx'
import { signedLine } from '@app/shared/petitions/progress.ts'

/** The petition card of home, list and My petitions. */
export default function PetitionCard({ petition }: { petition: Data.PetitionCard }) {
  const { t } = useTranslation()
  const href = urlFor('petitions.show', { slug: petition.slug })
  const signed = signedLine(petition)
  return (
    <Card className="h-100 shadow-sm" data-testid="petition-card">
      <BannerLink petition={petition} height={400} />
      <Card.Body>
        {petition.victoryAt && (
          <Badge bg="success" className="mb-2" data-testid="victory-badge">
            {t('page.response.victory_badge')}
          </Badge>
        )}
        <Card.Title as="h3" className="h5">
          <Link href={href} className="text-decoration-none">
            {petition.title}
          </Link>
        </Card.Title>
        {petition.target && (
          <p className="small mb-1" data-testid="petition-target">
            {t('page.petition_card.addressed_to', { target: petition.target })}
          </p>
        )}
        <TopicBadges topics={petition.topics} place={petition.place} className="my-2" />
        <p className="text-muted small">
          {t('page.petition_card.target', { targetSignatures: petition.targetSignatures })}
        </p>
        <SignaturesBar petition={petition} />
        <ClosingNote petition={petition} className="small text-body-secondary mt-2 mb-0" />
        <div className="d-flex align-items-center justify-content-between mt-3">
          <OwnerBadge owner={petition.user} />
          <span className="small fw-semibold" data-testid="card-signed">
            {t(signed.key, signed.values)}
          </span>
        </div>
      </Card.Body>
    </Card>
  )
}
