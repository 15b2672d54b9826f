import { Link } from '@adonisjs/inertia/react'
import { Col, Container, ListGroup, Row } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import type { Data } from '@generated/data'
import { urlFor } from '~/client.ts'

/**
 * Petitions gaining signatures now (the last 24 hours), with their counts,
 * beside the site's total of confirmed signatures.
 */
export default function SigningNow({
  petitions,
  signaturesTotal,
}: {
  petitions: Data.TrendingPetition[]
  signaturesTotal: number
}) {
  const { t } = useTranslation()
  return (
    <section className="page-section" data-testid="signing-now" aria-labelledby="signing-now-title">
      <Container>
        <Row className="gy-4">
          <Col lg={petitions.length > 0 ? 8 : 12}>
            <h2 className="fw-bold mb-3" id="signing-now-title">
              {t('page.home.trending_title')}
            </h2>
            {petitions.length === 0 ? (
              <p className="text-muted">{t('page.home.trending_empty')}</p>
            ) : (
              <ListGroup as="ol" className="shadow-sm" data-testid="trending-petitions">
                {petitions.map((petition) => (
                  <ListGroup.Item
                    as="li"
                    key={petition.guid}
                    className="d-flex flex-wrap justify-content-between align-items-center gap-2 py-3"
                  >
                    <div className="me-auto" style={{ minWidth: 0 }}>
                      <Link
                        route="petitions.show"
                        routeParams={{ slug: petition.slug }}
                        className="fw-semibold text-break"
                      >
                        {petition.title}
                      </Link>
                      {petition.target && (
                        <div className="small text-muted text-break">{petition.target}</div>
                      )}
                    </div>
                    <div className="text-end small">
                      <div className="fw-semibold" data-testid="trending-count">
                        {t('page.home.signatures_count', { count: petition.totalSignatures })}
                      </div>
                      <div className="text-success-emphasis">
                        {t('page.home.signatures_recent', { count: petition.recentSignatures })}
                      </div>
                    </div>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            )}
            <div className="mt-3">
              <Link href={`${urlFor('petitions.index')}?sort=trending&lang=all`}>
                {t('page.home.see_trending')}
              </Link>
            </div>
          </Col>
          <Col lg={petitions.length > 0 ? 4 : 12}>
            <div className="signatures-total rounded shadow-sm p-4 h-100 d-flex flex-column justify-content-center text-center bg-white">
              <p className="display-5 fw-bold mb-1" data-testid="signatures-total">
                {t('page.home.total_number', { count: signaturesTotal })}
              </p>
              <p className="mb-0 text-muted">
                {t('page.home.total_text', { count: signaturesTotal })}
              </p>
            </div>
          </Col>
        </Row>
      </Container>
    </section>
  )
}
