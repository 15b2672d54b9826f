import { Link } from '@adonisjs/inertia/react'
import { Accordion, Container } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import { useTranslation } from '~/i18n/context.tsx'

import { urlFor } from '~/client.ts'

const QUESTIONS = ['que1', 'que2', 'que3', 'que4', 'que5', 'que6', 'que7', 'que8']

type StaticPageProps = { contactEmail: string }

export default function Faq({ contactEmail }: StaticPageProps) {
  const { t } = useTranslation()
  return (
    <AppLayout
      title={t('page.faq.title')}
      description={t('page.faq.intro')}
      path={urlFor('faq')}
      contactEmail={contactEmail}
    >
      <Container className="page-section">
        <h1 className="fw-bold mb-3">{t('page.faq.title')}</h1>
        <p className="text-muted">
          {t('page.faq.intro')} <Link route="contacts.show">{t('page.faq.write_us')}</Link>
        </p>
        <Accordion defaultActiveKey="que1" alwaysOpen className="mt-4">
          {QUESTIONS.map((question) => (
            <Accordion.Item eventKey={question} key={question} id={question}>
              <Accordion.Header as="h2">{t(`page.faq.${question}.question`)}</Accordion.Header>
              <Accordion.Body className="prose">{t(`page.faq.${question}.answer`)}</Accordion.Body>
            </Accordion.Item>
          ))}
        </Accordion>
      </Container>
    </AppLayout>
  )
}
