import { Button, Form } from 'react-bootstrap'
import { Link } from '@adonisjs/inertia/react'
import { showToast } from '~/lib/toasts.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { useBrowserValue } from '~/lib/use_hydrated.ts'
import { useSharedProps } from '~/lib/shared.ts'
import { urlFor } from '~/client.ts'
import { shareSource, withSource } from '@app/shared/signature_sources.ts'

type ShareTarget = {
  name: string
  label: string
  href: string
  external: boolean
  ariaLabel?: string
}

/** The networks' own share links: plain URLs, no third-party script. */
function shareTargets(
  url: string,
  title: string,
  via: string | null,
  email: { label: string; ariaLabel: string }
) {
  // Each network shares the address with its own code, so the owner sees which one brought signatures.
  const u = (network: string) => encodeURIComponent(withSource(url, shareSource(network)))
  const text = encodeURIComponent(title)
  const both = (network: string) =>
    encodeURIComponent(`${title} ${withSource(url, shareSource(network))}`)
  const tweet = `https://twitter.com/intent/tweet?url=${u('x')}&text=${text}${via ? `&via=${encodeURIComponent(via)}` : ''}`
  const targets: ShareTarget[] = [
    {
      name: 'facebook',
      label: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${u('facebook')}`,
      external: true,
    },
    { name: 'x', label: 'X', href: tweet, external: true },
    {
      name: 'linkedin',
      label: 'LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${u('linkedin')}`,
      external: true,
    },
    {
      name: 'telegram',
      label: 'Telegram',
      href: `https://t.me/share/url?url=${u('telegram')}&text=${text}`,
      external: true,
    },
    {
      name: 'whatsapp',
      label: 'WhatsApp',
      href: `https://wa.me/?text=${both('whatsapp')}`,
      external: true,
    },
    // viber: and mailto: hand over to an app; a new tab would stay empty.
    {
      name: 'viber',
      label: 'Viber',
      href: `viber://forward?text=${both('viber')}`,
      external: false,
    },
    {
      name: 'reddit',
      label: 'Reddit',
      href: `https://www.reddit.com/submit?url=${u('reddit')}&title=${text}`,
      external: true,
    },
    {
      name: 'email',
      ...email,
      href: `mailto:?subject=${text}&body=${both('email')}`,
      external: false,
    },
  ]
  return targets
}

/** Text made safe inside a double-quoted HTML attribute. */
const attribute = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!
  )

/** The `<iframe>` other sites paste to show the petition's widget. */
export function embedSnippet(embedUrl: string, title: string) {
  return (
    `<iframe src="${attribute(embedUrl)}" title="${attribute(title)}" width="100%" height="240"` +
    ` style="max-width:480px;border:0" loading="lazy"></iframe>`
  )
}

const browserCanShare = () => typeof navigator.share === 'function'

/**
 * Share links, the browser's own share sheet where it has one, and
 * copy-link. `only` keeps some targets (by name) and drops the poster, QR
 * code and embed code: the thank-you state and the first-share panel offer
 * a few ways, the section under the description all of them. `heading`:
 * the section's own heading, or none when the caller has one.
 */
export default function ShareWidget({
  url,
  title,
  slug,
  only,
  heading,
  id,
}: {
  url: string
  title: string
  slug: string
  only?: string[]
  heading?: string
  id?: string
}) {
  const { t } = useTranslation()
  const { xUserName, appUrl } = useSharedProps()
  const snippet = embedSnippet(`${appUrl}${urlFor('petitions.embed', { slug })}`, title)
  // Known only in the browser: false on the server and while hydrating, so the HTML matches.
  const canShare = useBrowserValue(browserCanShare, false)
  const full = !only
  const targets = shareTargets(url, title, xUserName, {
    label: t('page.show.share_email'),
    ariaLabel: t('page.show.share_by_email'),
  }).filter((target) => full || only.includes(target.name))

  const nativeShare = async () => {
    try {
      await navigator.share({ title, url: withSource(url, shareSource('native')) })
    } catch {
      // Closing the share sheet rejects too; nothing to report.
    }
  }

  const copiedUrl = withSource(url, shareSource('link'))
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(copiedUrl)
      showToast('success', t('page.show.link_copied'), { toastId: 'link-copied' })
    } catch {
      // No clipboard (insecure context, denied permission): show the link instead.
      showToast('error', t('page.show.copy_failed', { url: copiedUrl }))
    }
  }

  const copySnippet = async () => {
    try {
      await navigator.clipboard.writeText(snippet)
      showToast('success', t('page.show.embed_copied'), { toastId: 'embed-copied' })
    } catch {
      showToast('error', t('page.show.embed_copy_failed'))
    }
  }

  return (
    <div className="share-widget" data-testid="share-widget" id={id}>
      {heading && <h2 className="h5 fw-bold mb-3">{heading}</h2>}
      <div className="d-flex flex-wrap gap-2">
        <Button size="sm" variant="primary" onClick={copyLink} data-share="copy">
          {t('page.show.copy_link')}
        </Button>
        {targets.map((target) => (
          <a
            key={target.name}
            href={target.href}
            className="btn btn-sm btn-outline-secondary"
            data-share={target.name}
            aria-label={target.ariaLabel ?? t('page.show.share_on', { network: target.label })}
            {...(target.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {target.label}
          </a>
        ))}
        {full && canShare && (
          <Button size="sm" variant="outline-secondary" onClick={nativeShare} data-share="native">
            {t('page.show.share_native')}
          </Button>
        )}
      </div>
      {full && (
        <>
          <div className="d-flex flex-wrap gap-3 mt-3 small">
            {/* At least 24 px high, whatever the page scrolled under them (WCAG 2.5.8). */}
            <Link
              route="petitions.poster"
              routeParams={{ slug }}
              className="d-inline-block py-1"
              data-testid="poster-link"
            >
              {t('page.show.poster')}
            </Link>
            <a
              href={urlFor('petitions.qr', { slug })}
              target="_blank"
              rel="noopener noreferrer"
              className="d-inline-block py-1"
              data-testid="qr-link"
            >
              {t('page.show.qr_code')}
            </a>
          </div>
          <details className="share-embed mt-3" data-testid="embed-code">
            <summary className="small">{t('page.show.embed')}</summary>
            <Form.Label htmlFor="embed-snippet" className="visually-hidden">
              {t('page.show.embed_label')}
            </Form.Label>
            <Form.Control
              as="textarea"
              id="embed-snippet"
              readOnly
              rows={3}
              value={snippet}
              className="font-monospace small mt-2"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button
              size="sm"
              variant="outline-secondary"
              className="mt-2"
              onClick={copySnippet}
              data-share="embed"
            >
              {t('page.show.embed_copy')}
            </Button>
          </details>
        </>
      )}
    </div>
  )
}

/**
 * The header's one "Share" button: the browser's share sheet where it has
 * one, otherwise a jump to the share buttons under the description.
 */
export function ShareButton({
  url,
  title,
  target,
}: {
  url: string
  title: string
  target: string
}) {
  const { t } = useTranslation()
  const canShare = useBrowserValue(browserCanShare, false)
  const jump = (event: React.MouseEvent) => {
    event.preventDefault()
    if (canShare) {
      navigator.share({ title, url: withSource(url, shareSource('native')) }).catch(() => {})
      return
    }
    const section = document.getElementById(target)
    section?.scrollIntoView({ behavior: 'smooth', block: 'start' })
    section?.querySelector<HTMLElement>('a, button')?.focus({ preventScroll: true })
  }
  return (
    <a
      href={`#${target}`}
      className="btn btn-light btn-sm"
      onClick={jump}
      data-testid="share-button"
    >
      {t('page.show.share')}
    </a>
  )
}
