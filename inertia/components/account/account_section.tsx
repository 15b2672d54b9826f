import type { ReactNode } from 'react'
import { Card } from 'react-bootstrap'

/** One section of the account settings: a card with its heading, its intro and its form. */
export default function AccountSection({
  id,
  title,
  intro,
  danger = false,
  children,
}: {
  id: string
  title: string
  intro?: ReactNode
  danger?: boolean
  children: ReactNode
}) {
  return (
    <Card
      as="section"
      className={danger ? 'shadow-sm mb-4 border-danger' : 'shadow-sm mb-4'}
      aria-labelledby={`${id}-title`}
      data-testid={id}
      id={id}
    >
      <Card.Body className="p-4">
        <h2 className={danger ? 'h4 fw-bold text-danger' : 'h4 fw-bold'} id={`${id}-title`}>
          {title}
        </h2>
        {intro && <p className="text-muted">{intro}</p>}
        {children}
      </Card.Body>
    </Card>
  )
}
