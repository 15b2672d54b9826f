import { Container } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

/** A placeholder page for developers, absent in production. */
export default function Test() {
  const { t } = useTranslation()
  return (
    <AppLayout title={t('page.test.title')} path={urlFor('test')} noindex>
      <Container className="page-section">
        <h1>{t('page.test.title')}</h1>
      </Container>
    </AppLayout>
  )
}
