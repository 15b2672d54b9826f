import { useEffect, useState } from 'react'
import { Button, Spinner } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

const PROVIDERS = [
  { name: 'github', label: 'page.auth.github', mark: 'GH', colour: '#24292f' },
  { name: 'google', label: 'page.auth.google', mark: 'G', colour: '#db4437' },
] as const

/**
 * The sign-in-with-provider block: two links that leave the site
 * for /auth/{provider}/redirect. Clicks count from about 210 ms after the
 * block appears (no accidental double submit from a previous page), then
 * the full-page loading overlay shows while the browser leaves.
 */
export default function ProviderButtons() {
  const { t } = useTranslation()
  const [active, setActive] = useState(false)
  const [leaving, setLeaving] = useState(false)

  useEffect(() => {
    const timer = setTimeout(() => setActive(true), 210)
    return () => clearTimeout(timer)
  }, [])

  const leave = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (!active || leaving) {
      event.preventDefault()
      return
    }
    setLeaving(true)
  }

  return (
    <section className="mt-4" data-testid="provider-block">
      <p className="text-center text-muted small text-uppercase my-3">
        {t('page.auth.or_login_with')}
      </p>
      <div className="d-grid gap-2 d-sm-flex justify-content-center">
        {PROVIDERS.map((provider) => (
          <a
            key={provider.name}
            href={urlFor('auth.provider.redirect', { provider: provider.name })}
            onClick={leave}
            className="text-decoration-none"
            data-provider={provider.name}
          >
            <Button
              as="span"
              variant="outline-secondary"
              className="w-100 d-inline-flex align-items-center justify-content-center gap-2 px-4"
            >
              <span
                className="provider-mark"
                style={{ background: provider.colour }}
                aria-hidden="true"
              >
                {provider.mark}
              </span>
              {t(provider.label)}
            </Button>
          </a>
        ))}
      </div>
      {leaving && (
        <div className="loading-overlay" role="status" aria-live="polite">
          <Spinner animation="border" variant="light" />
          <span>{t('common.loading')}</span>
        </div>
      )}
    </section>
  )
}
