import { useForm } from '@inertiajs/react'
import { Badge, Button, ListGroup } from 'react-bootstrap'
import type { Data } from '@generated/data'
import AccountSection from '~/components/account/account_section.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

/**
 * GitHub and Google, linked or not. A linked one can be unlinked only from
 * an account with a password: otherwise the member could not log in again.
 */
export default function ProvidersSection({ account }: { account: Data.Account }) {
  const { t } = useTranslation()
  const unlink = useForm({})

  return (
    <AccountSection
      id="account-providers"
      title={t('page.account.providers_title')}
      intro={t('page.account.providers_intro')}
    >
      <ListGroup>
        {account.providers.map(({ name, linked }) => {
          const provider = t(`page.auth.${name}`)
          return (
            <ListGroup.Item
              key={name}
              className="d-flex flex-wrap align-items-center justify-content-between gap-2"
              data-testid={`provider-${name}`}
            >
              <span className="d-flex align-items-center gap-2">
                <span className="fw-semibold">{provider}</span>
                <Badge bg={linked ? 'success' : 'secondary'}>
                  {linked
                    ? t('page.account.provider_linked')
                    : t('page.account.provider_not_linked')}
                </Badge>
              </span>
              {linked &&
                (account.hasPassword ? (
                  <Button
                    variant="outline-danger"
                    size="sm"
                    disabled={unlink.processing}
                    onClick={() =>
                      unlink.delete(urlFor('my.account.providers.unlink', { provider: name }), {
                        preserveScroll: true,
                      })
                    }
                  >
                    {t('page.account.provider_unlink', { provider })}
                  </Button>
                ) : (
                  <span className="small text-muted">
                    {t('page.account.provider_keep', { provider })}
                  </span>
                ))}
            </ListGroup.Item>
          )
        })}
      </ListGroup>
    </AccountSection>
  )
}
