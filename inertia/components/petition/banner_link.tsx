import { Card } from 'react-bootstrap'
import { Link } from '@adonisjs/inertia/react'

type BannerLinkProps = {
  petition: { slug: string; title: string; bannerUrl: string | null }
  height: number
  /** Shown when the petition has no banner. */
  fallback: string
}

/** A card's banner, linking to the petition's page; the image is named by the title. */
export default function BannerLink({ petition, height, fallback }: BannerLinkProps) {
  return (
    <Link route="petitions.show" routeParams={{ slug: petition.slug }}>
      <Card.Img
        variant="top"
        src={petition.bannerUrl ?? fallback}
        alt={petition.title}
        style={{ height, objectFit: 'cover' }}
      />
    </Link>
  )
}
