import { Link } from '@adonisjs/inertia/react'
import { Alert, Col, Container, Row } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import PetitionCard from '~/components/petition/petition_card.tsx'
import Pagination from '~/components/pagination.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import type { Data } from '@generated/data'
import type { Paginated } from '@app/services/http/pagination.ts'
import { urlFor } from '~/client.ts'

type PetitionListProps = { petitions: Paginated<Data.PetitionCard> }

export default function List({ petitions }: PetitionListProps) {
  const { t } = useTranslation()
  return (
    <AppLayout
      title={t('page.list.title')}
      description={t('page.list.intro')}
      path={urlFor('petitions.index')}
    >
      <section className="hero py-5">
        <Container>
          <h1 className="display-6 fw-bold">{t('page.list.title')}</h1>
          <p className="lead mb-0">{t('page.list.intro')}</p>
        </Container>
      </section>
      <Container className="page-section">
        {petitions.data.length === 0 ? (
          <Alert variant="warning" data-testid="no-petitions">
            {t('page.list.empty')} <Link route="petitions.create">{t('page.list.start_one')}</Link>
          </Alert>
        ) : (
          <Row xs={1} md={2} className="g-4">
            {petitions.data.map((petition) => (
              <Col key={petition.guid}>
                <PetitionCard petition={petition} />
              </Col>
            ))}
          </Row>
        )}
        <div className="mt-4">
          <Pagination links={petitions.links} />
        </div>
      </Container>
    </AppLayout>
  )
}
