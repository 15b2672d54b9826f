import { Link } from '@adonisjs/inertia/react'
import { Col, Container, Row } from 'react-bootstrap'
import type { Data } from '@generated/data'
import AppLayout from '~/layouts/app_layout.tsx'
import ProfileSection from '~/components/account/profile_section.tsx'
import EmailSection from '~/components/account/email_section.tsx'
import PasswordSection from '~/components/account/password_section.tsx'
import ProvidersSection from '~/components/account/providers_section.tsx'
import IdentitySection from '~/components/account/identity_section.tsx'
import DataSection from '~/components/account/data_section.tsx'
import ApiTokensSection from '~/components/account/api_tokens_section.tsx'
import type { NewApiTokenProps } from '~/components/account/new_api_token.tsx'
import DeletionSection from '~/components/account/deletion_section.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

type AccountProps = {
  account: Data.Account
  apiTokens: Data.ApiToken[]
  newApiToken: NewApiTokenProps | null
}

/** The member's account settings: each section is a form of its own. */
export default function Account({ account, apiTokens, newApiToken }: AccountProps) {
  const { t } = useTranslation()
  return (
    <AppLayout title={t('page.account.title')} path={urlFor('my.account')} noindex>
      <Container className="page-section">
        <Row className="justify-content-center">
          <Col lg={9} xl={8}>
            <div className="mb-4">
              <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
                <h1 className="h2 fw-bold mb-0">{t('page.account.title')}</h1>
                <Link route="my.petitions" className="btn btn-outline-secondary btn-sm">
                  {t('page.account.back_to_petitions')}
                </Link>
              </div>
              <p className="text-muted mb-0">{t('page.account.intro')}</p>
            </div>
            <ProfileSection account={account} />
            <EmailSection account={account} />
            <PasswordSection account={account} />
            {account.providers.length > 0 && <ProvidersSection account={account} />}
            {(account.identity || account.identityProviders.length > 0) && (
              <IdentitySection account={account} />
            )}
            <ApiTokensSection tokens={apiTokens} newToken={newApiToken} />
            <DataSection />
            <DeletionSection account={account} />
          </Col>
        </Row>
      </Container>
    </AppLayout>
  )
}
