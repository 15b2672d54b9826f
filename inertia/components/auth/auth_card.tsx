import type { ReactNode } from 'react'
import { Card, Col, Container, Row } from 'react-bootstrap'
import Flash from '~/components/flash.tsx'

/** The frame of the login, sign-up and password pages. */
export default function AuthCard({
  title,
  intro,
  children,
}: {
  title: string
  intro?: string
  children: ReactNode
}) {
  return (
    <Container className="page-section">
      <Row className="justify-content-center">
        <Col md={8} lg={6} xl={5}>
          <Card className="shadow-sm">
            <Card.Body className="p-4 p-md-5">
              <h1 className="h3 fw-bold mb-2">{title}</h1>
              {intro && <p className="text-muted">{intro}</p>}
              <Flash at="form" />
              {children}
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </Container>
  )
}
