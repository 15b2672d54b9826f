import { useTranslation } from '~/i18n/context.tsx'
import type { Data } from '@generated/data'
import { formatDate } from '~/lib/format_date.ts'

/**
 * The latest confirmed signatures; anonymity is applied by the server, which
 * sends no name for an anonymous signer (the word is this page's language's).
 */
export default function LastSignatures({ signatures }: { signatures: Data.LastSignature[] }) {
  const { t, locale } = useTranslation()
  return (
    <section className="petition-show-section" data-testid="last-signatures-section">
      <h2 className="h4 mb-3">{t('page.show.last_signatures')}</h2>
      {signatures.length === 0 ? (
        <p className="text-muted mb-0" data-testid="no-signatures">
          {t('page.show.no_signatures')}
        </p>
      ) : (
        <ul className="list-unstyled mb-0" data-testid="last-signatures">
          {signatures.map((signature) => (
            <li
              key={signature.id}
              className="d-flex gap-3 py-2 border-bottom"
              data-testid="last-signature"
            >
              <img
                src={signature.user.avatar}
                alt=""
                width="40"
                height="40"
                className="last-signature-avatar"
              />
              <div className="flex-grow-1">
                <div className="d-flex flex-wrap justify-content-between gap-2">
                  <span className="fw-semibold">
                    {signature.anonymous ? t('page.sign.anonymous') : signature.user.firstName}
                  </span>
                  <time className="small text-muted" dateTime={signature.createdAt}>
                    {formatDate(locale, signature.createdAt, {
                      day: 'numeric',
                      month: 'short',
                      year: 'numeric',
                    })}
                  </time>
                </div>
                {signature.comment && (
                  <p className="petition-plain-text small mb-0 mt-1">{signature.comment}</p>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
