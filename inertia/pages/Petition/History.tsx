import { Link } from '@adonisjs/inertia/react'
import { Container } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import VersionHistory from '~/components/petition/version_history.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import type { Data } from '@generated/data'

type HistoryProps = {
  petition: { title: string; slug: string }
  /** Its text now, as plain text. */
  current: Pick<Data.PetitionVersion, 'title' | 'target' | 'description' | 'letters'>
  /** Its earlier texts, newest first. */
  versions: Data.PetitionVersion[]
}

/**
 * Petition/History: every change of a petition's text since its first
 * confirmed signature, newest first, each shown word by word against the
 * text that followed it.
 */
export default function History({ petition, current, versions }: HistoryProps) {
  const { t } = useTranslation()
  return (
    <AppLayout title={t('page.history.title', { title: petition.title })}>
      <Container className="page-section" style={{ maxWidth: 860 }}>
        <p className="mb-3">
          <Link route="petitions.show" routeParams={{ slug: petition.slug }}>
            {t('page.history.back')}
          </Link>
        </p>
        <h1 className="fw-bold h2">{t('page.history.title', { title: petition.title })}</h1>
        <p className="text-body-secondary mb-4">{t('page.history.intro')}</p>
        {versions.length === 0 ? (
          <p data-testid="no-versions">{t('page.history.none')}</p>
        ) : (
          <VersionHistory versions={versions} current={current} />
        )}
      </Container>
    </AppLayout>
  )
}
