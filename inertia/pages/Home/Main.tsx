import { Link } from '@adonisjs/inertia/react'
import { Carousel, Col, Container, Row } from 'react-bootstrap'
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
  petitions,
  more,
}: {
  testId: string
  className?: string
  title: string
  petitions: Data.PetitionCard[]
  more: { href: string; label: string }
}) {
  if (petitions.length === 0) return null
  return (
    <section className={`page-section ${className}`} data-testid={testId}>
      <Container>
        <h2 className="fw-bold mb-4">{title}</h2>
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

type HomeProps = { successfulPetitions: Data.PetitionCard[]; victories: Data.PetitionCard[] }

export default function Main({ successfulPetitions, victories }: HomeProps) {
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
                <Link route="petitions.create" className="btn btn-light btn-lg fw-semibold">
                  {t('page.home.create_petition')}
                </Link>
              </div>
            </Container>
          </Carousel.Item>
        </Carousel>
      </section>

      <section className="page-section">
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

      <section className="page-section bg-white border-top border-bottom">
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
