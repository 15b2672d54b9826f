import { Link } from '@adonisjs/inertia/react'
import { Container } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import type { ErrorStatus } from '@app/exceptions/handler.ts'

/** The translated error pages: 400, 403, 404, 413, 419, 429, 500 and 503. */
export default function Status({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation()
  return (
    <AppLayout title={t(`page.errors.${status}.title`)} noindex>
      <Container className="page-section text-center">
        <p className="error-code">{status}</p>
        <h1 className="h2 fw-bold">{t(`page.errors.${status}.title`)}</h1>
        <p className="text-muted">{t(`page.errors.${status}.text`)}</p>
        {status === 419 ? (
          <a href="" className="btn btn-primary mt-3">
            {t('page.errors.reload')}
          </a>
        ) : (
          <Link route="home" className="btn btn-primary mt-3">
            {t('page.errors.back_home')}
          </Link>
        )}
      </Container>
    </AppLayout>
  )
}
