import { Link } from '@adonisjs/inertia/react'
import { Container } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import type { HideReason } from '@app/shared/moderation.ts'

type RemovedProps = { title: string; reason: HideReason; hiddenAt: string }

/**
 * A petition the moderators hid (answered with 410): said in words, with its
 * title, when and the reason of the list, translated; never who hid it or
 * their note.
 */
export default function Removed({ title, reason, hiddenAt }: RemovedProps) {
  const { t, locale } = useTranslation()
  return (
    <AppLayout title={t('page.removed.title')} noindex>
      <Container className="page-section" style={{ maxWidth: '40rem' }}>
        <h1 className="h2 fw-bold text-center">{t('page.removed.title')}</h1>
        <p className="text-center lead" data-testid="removed-text">
          {t('page.removed.text', { title, date: formatDate(locale, hiddenAt) })}
        </p>
        <p className="text-center" data-testid="removed-reason">
          <strong>{t('page.removed.reason')}</strong> {t(`common.hide_reasons.${reason}`)}
        </p>
        <p className="text-center text-muted">{t('page.removed.rules')}</p>
        <p className="text-center">
          <Link route="petitions.index" className="btn btn-primary mt-3">
            {t('page.removed.browse')}
          </Link>
        </p>
      </Container>
    </AppLayout>
  )
}
