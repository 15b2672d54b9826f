import { useEffect, useState } from 'react'
import { Button, Spinner } from 'react-bootstrap'
import { siGithub, siGoogle, type SimpleIcon } from 'simple-icons'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'

// Named imports: the build keeps these two icons of the package, no other.
const PROVIDERS = [
  { name: 'github', label: 'page.auth.github', icon: siGithub },
  { name: 'google', label: 'page.auth.google', icon: siGoogle },
] as const

/** A sign-in provider's name, as the server lists the configured ones. */
export type SignInProvider = (typeof PROVIDERS)[number]['name']

/** A provider's brand mark in its colour. Decorative: the button's text names the provider. */
function BrandIcon({ icon }: { icon: SimpleIcon }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill={`#${icon.hex}`}
      aria-hidden="true"
      focusable="false"
      data-icon={icon.slug}
    >
      <path d={icon.path} />
    </svg>
  )
}

/**
 * The sign-in-with-provider block: a link for each provider the site has
 * keys for (`providers`, from the server; nothing at all without one) that
 * leaves the site for /auth/{provider}/redirect. Clicks count from about
 * 210 ms after the block appears (no accidental double submit from a
 * previous page), then the full-page loading overlay shows while the
 * browser leaves.
 */
export default function ProviderButtons({ providers }: { providers: SignInProvider[] }) {
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

  const shown = PROVIDERS.filter(({ name }) => providers.includes(name))
  if (shown.length === 0) return null
  return (
    <section className="mt-4" data-testid="provider-block">
      <p className="text-center text-muted small text-uppercase my-3">
        {t('page.auth.or_login_with')}
      </p>
      <div className="d-grid gap-2 d-sm-flex justify-content-center">
        {shown.map((provider) => (
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
              <BrandIcon icon={provider.icon} />
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
