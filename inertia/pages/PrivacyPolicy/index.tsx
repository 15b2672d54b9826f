import { Link } from '@adonisjs/inertia/react'
import { Container } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { useSharedProps } from '~/lib/shared.ts'

import { urlFor } from '~/client.ts'

const SECTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9]

/** Sections whose text leads into a list: the keys under `page.privacy.section<N>.items`. */
const SECTION_ITEMS: Record<number, string[]> = {
  7: [
    'account',
    'unconfirmed',
    'not_counted',
    'signed_again',
    'signatures',
    'identity',
    'paper_sheets',
    'withdrawn',
    'deleted_account',
    'contact',
    'newsletter',
    'petition_news',
    'decision_makers',
    'moderation',
  ],
  8: ['withdraw', 'export', 'delete_account', 'unsubscribe'],
}

/** Who sees where a signature came from and the signer's opt-in: under "Who can see it". */
const SOURCES_IN_SECTION = 4

/** What the public log of counts holds and what a receipt is: also under "Who can see it". */
const LOG_IN_SECTION = 4
const LOG_PARAGRAPHS = ['holds', 'append_only', 'receipt', 'kept']

/** What an identity check shows the provider and what the site keeps: under "Services we rely on". */
const IDENTITY_IN_SECTION = 6
const IDENTITY_PARAGRAPHS = ['provider', 'kept', 'retention', 'account']

type StaticPageProps = { contactEmail: string }

export default function PrivacyPolicy({ contactEmail }: StaticPageProps) {
  const { t } = useTranslation()
  const { appName } = useSharedProps()
  return (
    <AppLayout
      title={t('page.privacy.title')}
      path={urlFor('privacy_policy')}
      contactEmail={contactEmail}
    >
      <Container className="page-section prose" style={{ maxWidth: 860 }}>
        <h1 className="fw-bold">{t('page.privacy.title')}</h1>
        <p className="text-muted small">{t('page.privacy.updated_at')}</p>
        <p>{t('page.privacy.intro', { appName })}</p>
        {SECTIONS.map((section) => (
          <section key={section} className="mt-4" id={`section-${section}`}>
            <h2 className="h4">{t(`page.privacy.section${section}.title`)}</h2>
            <p>{t(`page.privacy.section${section}.text`, { appName, email: contactEmail })}</p>
            {SECTION_ITEMS[section] && (
              <ul>
                {SECTION_ITEMS[section].map((item) => (
                  <li key={item}>{t(`page.privacy.section${section}.items.${item}`)}</li>
                ))}
              </ul>
            )}
            {section === SOURCES_IN_SECTION && (
              <div id="signature-sources" data-testid="privacy-sources">
                <h3 className="h5 mt-3">{t('page.privacy.sources.title')}</h3>
                <p>{t('page.privacy.sources.opt_in')}</p>
                <p>{t('page.privacy.sources.source')}</p>
                <p>{t('page.privacy.sources.no_tracking')}</p>
                <h3 className="h5 mt-3">{t('page.privacy.tools.title')}</h3>
                <p>{t('page.privacy.tools.text')}</p>
              </div>
            )}
            {section === IDENTITY_IN_SECTION && (
              <div id="verified-identity" data-testid="privacy-identity">
                <h3 className="h5 mt-3">{t('page.privacy.identity.title')}</h3>
                {IDENTITY_PARAGRAPHS.map((paragraph) => (
                  <p key={paragraph}>{t(`page.privacy.identity.${paragraph}`, { appName })}</p>
                ))}
              </div>
            )}
            {section === LOG_IN_SECTION && (
              <div id="transparency-log" data-testid="privacy-log">
                <h3 className="h5 mt-3">{t('page.privacy.log.title')}</h3>
                {LOG_PARAGRAPHS.map((paragraph) => (
                  <p key={paragraph}>{t(`page.privacy.log.${paragraph}`)}</p>
                ))}
              </div>
            )}
          </section>
        ))}
        <p className="mt-5">
          {t('page.privacy.questions')}{' '}
          <Link route="contacts.show">{t('page.privacy.contact_us')}</Link>
        </p>
      </Container>
    </AppLayout>
  )
}
