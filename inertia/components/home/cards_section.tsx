import { Link } from '@adonisjs/inertia/react'
import { Col, Container, Row } from 'react-bootstrap'
import PetitionCard from '~/components/petition/petition_card.tsx'
import type { Data } from '@generated/data'

/** A row of petition cards under its title, with a link to the list; nothing when empty. */
export default function CardsSection({
  testId,
  className = '',
  title,
  subtitle,
  petitions,
  more,
}: {
  testId: string
  className?: string
  title: string
  subtitle?: string
  petitions: Data.PetitionCard[]
  more: { href: string; label: string }
}) {
  if (petitions.length === 0) return null
  return (
    <section className={`page-section ${className}`} data-testid={testId}>
      <Container>
        <h2 className={`fw-bold ${subtitle ? 'mb-2' : 'mb-4'}`}>{title}</h2>
        {subtitle && <p className="text-muted mb-4">{subtitle}</p>}
        <Row xs={1} md={2} className="g-4">
          {petitions.map((petition) => (
            <Col key={petition.guid}>
              <PetitionCard petition={petition} />
            </Col>
          ))}
        </Row>
        <div className="text-center mt-4">
          <Link href={more.href} className="btn btn-outline-primary">
            {more.label}
          </Link>
        </div>
      </Container>
    </section>
  )
}
