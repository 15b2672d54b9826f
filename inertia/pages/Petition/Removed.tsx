import { Link } from '@adonisjs/inertia/react'
import { Alert, Container } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'

type RemovedProps = { title: string; reason: string; hiddenAt: string }

/** A petition the moderators hid (410): its title, when and why. */
export default function Removed({ title, reason, hiddenAt }: RemovedProps) {
  const { t, locale } = useTranslation()
  return (
    <AppLayout title={t('page.removed.title')} noindex>
      <Container className="page-section">
        <p className="error-code text-center">410</p>
        <h1 className="h2 fw-bold text-center">{t('page.removed.title')}</h1>
        <p className="text-center text-muted">
          {t('page.removed.text', { title, date: formatDate(locale, hiddenAt) })}
        </p>
        {reason && (
          <Alert variant="secondary" className="mx-auto" style={{ maxWidth: '40rem' }}>
            <strong>{t('page.removed.reason')}</strong> {reason}
          </Alert>
        )}
        <p className="text-center">
          <Link route="petitions.index" className="btn btn-primary mt-3">
            {t('page.removed.browse')}
          </Link>
        </p>
      </Container>
    </AppLayout>
  )
}
