import { Card } from 'react-bootstrap'
import { Link } from '@adonisjs/inertia/react'

type BannerLinkProps = {
  petition: { slug: string; title: string; bannerUrl: string | null }
  height: number
  /** Said on the placeholder of a petition without a banner (its owner's page tells how to add one). */
  note?: string
}

/**
 * A card's banner, linking to the petition's page; the image is named by
 * the title. Without a banner, a plain block in the site's colours stands in
 * (a sheet with signature lines, and `note` when given), never a cropped
 * logo or a picture with words in one language.
 */
export default function BannerLink({ petition, height, note }: BannerLinkProps) {
  return (
    <Link route="petitions.show" routeParams={{ slug: petition.slug }}>
      {petition.bannerUrl ? (
        <Card.Img
          variant="top"
          src={petition.bannerUrl}
          alt={petition.title}
          style={{ height, objectFit: 'cover' }}
        />
      ) : (
        <span
          className="banner-placeholder card-img-top"
          style={{ height }}
          role="img"
          aria-label={petition.title}
          data-testid="banner-placeholder"
        >
          <svg viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
            <rect
              x="10"
              y="6"
              width="28"
              height="36"
              rx="3"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
            />
            <path
              d="M16 16h16M16 23h16M16 30h9"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            />
            <path
              d="M27 35c2-4 4-4 5-1s3 2 5-2"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          {note && (
            <span className="small" aria-hidden="true">
              {note}
            </span>
          )}
        </span>
      )}
    </Link>
  )
}
