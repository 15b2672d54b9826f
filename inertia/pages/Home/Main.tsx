import { useState } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { router } from '@inertiajs/react'
import { Button, Carousel, Col, Container, Form, InputGroup, ListGroup, Row } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import PetitionCard from '~/components/petition/petition_card.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { useSharedProps } from '~/lib/shared.ts'
import type { Data } from '@generated/data'
import { urlFor } from '~/client.ts'

/** A row of petition cards under its title, with a link to the list; nothing when empty. */
function CardsSection({
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

/** The hero's search: the petition list's own search (`q`), by its route; a plain GET without script. */
function HeroSearch() {
  const { t } = useTranslation()
  const [q, setQ] = useState('')
  const action = urlFor('petitions.index')
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    router.get(action, q.trim() ? { q: q.trim() } : {})
  }
  return (
    <Form
      action={action}
      method="get"
      role="search"
      onSubmit={submit}
      className="hero-search mt-4"
      data-testid="home-search"
    >
      <Form.Label htmlFor="home-search-q" className="visually-hidden">
        {t('page.home.search_label')}
      </Form.Label>
      <InputGroup size="lg">
        <Form.Control
          id="home-search-q"
          type="search"
          name="q"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          placeholder={t('page.home.search_placeholder')}
          maxLength={200}
        />
        <Button type="submit" variant="light" className="fw-semibold border">
          {t('page.home.search_button')}
        </Button>
      </InputGroup>
    </Form>
  )
}

/**
 * Petitions gaining signatures now (the last 24 hours), with their counts,
 * beside the site's total of confirmed signatures.
 */
function SigningNow({
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

type HomeProps = {
  successfulPetitions: Data.PetitionCard[]
  victories: Data.PetitionCard[]
  trendingPetitions: Data.TrendingPetition[]
  /** Confirmed signatures on the whole site. */
  signaturesTotal: number
  /** Open petitions, those for the countries of the site's language first. */
  nearbyPetitions: Data.PetitionCard[]
  /** Those countries, named as a list in the site's language. */
  nearbyCountries: string
}

export default function Main({
  successfulPetitions,
  victories,
  trendingPetitions,
  signaturesTotal,
  nearbyPetitions,
  nearbyCountries,
}: HomeProps) {
  const { t } = useTranslation()
  const { user } = useSharedProps()
  // Members go on to create; guests are pointed to sign up first.
  const callToAction = user
    ? { href: urlFor('petitions.create'), label: t('page.home.create_petition') }
    : { href: urlFor('auth.signup'), label: t('page.home.join') }

  return (
    <AppLayout
      title={t('page.home.title')}
      description={t('page.home.slogan_text')}
      path={urlFor('home')}
    >
      <section className="hero">
        <Carousel controls={false} indicators={false} interval={null}>
          <Carousel.Item>
            <Container className="carousel-slide py-5">
              <div className="col-lg-8">
                <h1 className="display-5 fw-bold">{t('page.home.slogan')}</h1>
                <p className="lead my-4">{t('page.home.slogan_text')}</p>
                <div className="hero-actions">
                  <Link
                    route="petitions.create"
                    className="btn btn-light btn-lg fw-semibold"
                    data-testid="start-petition"
                  >
                    {t('page.home.start_petition')}
                  </Link>
                  <Link
                    route="petitions.index"
                    className="btn btn-outline-light btn-lg fw-semibold"
                    data-testid="browse-petitions"
                  >
                    {t('page.home.browse_petitions')}
                  </Link>
                </div>
                <HeroSearch />
              </div>
            </Container>
          </Carousel.Item>
        </Carousel>
      </section>

      <SigningNow petitions={trendingPetitions} signaturesTotal={signaturesTotal} />

      <CardsSection
        testId="nearby-petitions"
        title={t('page.home.nearby_title')}
        subtitle={t('page.home.nearby_text', { countries: nearbyCountries })}
        petitions={nearbyPetitions}
        more={{
          href: `${urlFor('petitions.index')}?status=open`,
          label: t('page.home.see_open'),
        }}
      />

      <section className="page-section bg-white border-top border-bottom">
        <Container>
          <Row className="align-items-center gy-4">
            <Col lg={6}>
              <h2 className="fw-bold">{t('page.home.why_title')}</h2>
              <p className="text-muted">{t('page.home.why_text')}</p>
              <Link
                href={callToAction.href}
                className="btn btn-primary btn-lg"
                data-testid="home-cta"
              >
                {callToAction.label}
              </Link>
            </Col>
            <Col lg={6}>
              <ul className="list-group list-group-flush shadow-sm rounded">
                {['why_free', 'why_fair', 'why_secure', 'why_independent'].map((key) => (
                  <li key={key} className="list-group-item py-3">
                    <span className="text-success me-2" aria-hidden="true">
                      ✔
                    </span>
                    {t(`page.home.${key}`)}
                  </li>
                ))}
              </ul>
            </Col>
          </Row>
        </Container>
      </section>

      <section className="page-section">
        <Container>
          <h2 className="fw-bold text-center mb-5">{t('page.home.how_title')}</h2>
          <Row className="gy-4 text-center">
            {[1, 2, 3].map((step) => (
              <Col md={4} key={step}>
                <span className="step-number mb-3">{step}</span>
                <h3 className="h5">{t(`page.home.step${step}_title`)}</h3>
                <p className="text-muted">{t(`page.home.step${step}_text`)}</p>
              </Col>
            ))}
          </Row>
        </Container>
      </section>

      <CardsSection
        testId="victories"
        className="bg-white border-bottom"
        title={t('page.home.victories_title')}
        petitions={victories}
        more={{
          href: `${urlFor('petitions.index')}?status=victory&lang=all`,
          label: t('page.home.see_victories'),
        }}
      />
      <CardsSection
        testId="successful-petitions"
        title={t('page.home.successful_title')}
        petitions={successfulPetitions}
        more={{ href: urlFor('petitions.index'), label: t('page.home.see_latest') }}
      />
    </AppLayout>
  )
}
