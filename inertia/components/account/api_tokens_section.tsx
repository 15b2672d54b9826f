import { router } from '@inertiajs/react'
import { Badge, Button, Table } from 'react-bootstrap'
import type { Data } from '@generated/data'
import AccountSection from '~/components/account/account_section.tsx'
import ApiTokenForm from '~/components/account/api_token_form.tsx'
import NewApiToken, { type NewApiTokenProps } from '~/components/account/new_api_token.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { askToConfirm } from '~/lib/confirm.ts'
import { formatDate } from '~/lib/format_date.ts'
import { urlFor } from '~/client.ts'
import { API_TOKENS_PER_MEMBER } from '@app/shared/api_access.ts'

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }
// Times in UTC, named as such: the server's render and the browser's must print the same.
const MOMENT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
}

/**
 * The member's API tokens: each with its name, abilities, last use and
 * expiry (the expired ones marked), its latest requests, and a button that
 * revokes it after asking; the form that makes a new one, and the value of
 * the one just made, shown this once.
 */
export default function ApiTokensSection({
  tokens,
  newToken,
}: {
  tokens: Data.ApiToken[]
  newToken: NewApiTokenProps | null
}) {
  const { t, locale } = useTranslation()
  const live = tokens.filter((token) => !token.expired).length

  const revoke = async (token: Data.ApiToken) => {
    const confirmed = await askToConfirm({
      title: t('tokens.confirm.title'),
      text: t('tokens.confirm.text', { name: token.name }),
      confirm: t('tokens.confirm.confirm'),
      cancel: t('tokens.confirm.cancel'),
    })
    if (confirmed) {
      router.delete(urlFor('account.tokens.destroy', { id: token.id }), { preserveScroll: true })
    }
  }

  return (
    <AccountSection id="account-api-tokens" title={t('tokens.section.title')}>
      <p className="text-muted">{t('tokens.section.intro')}</p>
      {newToken && <NewApiToken token={newToken} />}
      {tokens.length === 0 ? (
        <p data-testid="api-tokens-empty">{t('tokens.section.empty')}</p>
      ) : (
        <Table responsive size="sm" className="align-middle" data-testid="api-tokens">
          <caption className="visually-hidden">{t('tokens.list.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tokens.list.name')}</th>
              <th scope="col">{t('tokens.list.abilities')}</th>
              <th scope="col">{t('tokens.list.last_used')}</th>
              <th scope="col">{t('tokens.list.expires')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('tokens.list.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <tr key={token.id} data-testid="api-token-row" data-token-id={token.id}>
                <td>
                  <span className="fw-semibold text-break">{token.name}</span>
                  <div className="small text-muted">
                    {t('tokens.list.created', { date: formatDate(locale, token.createdAt, DAY) })}
                  </div>
                  <details className="small">
                    <summary>{t('tokens.list.uses')}</summary>
                    {token.uses.length === 0 ? (
                      <p className="mb-0 text-muted">{t('tokens.list.no_uses')}</p>
                    ) : (
                      <ul className="list-unstyled mb-0">
                        {token.uses.map((use, index) => (
                          <li key={index}>
                            <code>
                              {use.method} {use.path}
                            </code>{' '}
                            {use.usedAt && formatDate(locale, use.usedAt, MOMENT)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </details>
                </td>
                <td>
                  <ul className="list-unstyled mb-0">
                    {token.abilities.map((ability) => (
                      <li key={ability}>
                        <code>{ability}</code>
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  {token.lastUsedAt
                    ? formatDate(locale, token.lastUsedAt, MOMENT)
                    : t('tokens.list.never_used')}
                </td>
                <td>
                  {token.expiresAt && formatDate(locale, token.expiresAt, DAY)}
                  {token.expired && (
                    <Badge bg="danger" className="ms-1" data-testid="api-token-expired">
                      {t('tokens.list.expired')}
                    </Badge>
                  )}
                </td>
                <td className="text-end">
                  <Button
                    variant="outline-danger"
                    size="sm"
                    onClick={() => revoke(token)}
                    aria-label={t('tokens.list.revoke_label', { name: token.name })}
                  >
                    {t('tokens.list.revoke')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {live >= API_TOKENS_PER_MEMBER ? (
        <p className="mb-0" data-testid="api-tokens-limit">
          {t('tokens.section.limit_reached', { max: API_TOKENS_PER_MEMBER })}
        </p>
      ) : (
        <ApiTokenForm />
      )}
    </AccountSection>
  )
}
