import { Container } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import { urlFor } from '~/client.ts'
import { useTranslation } from '~/i18n/context.tsx'
import ApiReference from '~/components/api/api_reference.tsx'

/**
 * The API's documentation: what it offers, in the site's language, a link
 * to its machine-readable contract, and the contract rendered below.
 */
export default function Docs() {
  const { t } = useTranslation()
  const documentUrl = urlFor('api.openapi')
  return (
    <AppLayout title={t('api_docs.title')} path={urlFor('api.docs')}>
      <Container className="page-section">
        <h1 className="fw-bold">{t('api_docs.title')}</h1>
        <p className="lead">{t('api_docs.intro')}</p>
        <p>{t('api_docs.tokens')}</p>
        <p>
          <a href={documentUrl} type="application/json" data-testid="openapi-link">
            {t('api_docs.json_link')}
          </a>
        </p>
        <ApiReference documentUrl={documentUrl} />
      </Container>
    </AppLayout>
  )
}
