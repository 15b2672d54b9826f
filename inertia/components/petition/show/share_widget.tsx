import { useSyncExternalStore } from 'react'
import { Button } from 'react-bootstrap'
import { showToast } from '~/lib/toasts.ts'
import { useTranslation } from '~/i18n/context.tsx'
import { useSharedProps } from '~/lib/shared.ts'

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
  const u = encodeURIComponent(url)
  const text = encodeURIComponent(title)
  const both = encodeURIComponent(`${title} ${url}`)
  const tweet = `https://twitter.com/intent/tweet?url=${u}&text=${text}${via ? `&via=${encodeURIComponent(via)}` : ''}`
  const targets: ShareTarget[] = [
    {
      name: 'facebook',
      label: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      external: true,
    },
    { name: 'x', label: 'X', href: tweet, external: true },
    {
      name: 'linkedin',
      label: 'LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
      external: true,
    },
    {
      name: 'telegram',
      label: 'Telegram',
      href: `https://t.me/share/url?url=${u}&text=${text}`,
      external: true,
    },
    { name: 'whatsapp', label: 'WhatsApp', href: `https://wa.me/?text=${both}`, external: true },
    // viber: and mailto: hand over to an app; a new tab would stay empty.
    { name: 'viber', label: 'Viber', href: `viber://forward?text=${both}`, external: false },
    {
      name: 'reddit',
      label: 'Reddit',
      href: `https://www.reddit.com/submit?url=${u}&title=${text}`,
      external: true,
    },
    {
      name: 'email',
      ...email,
      href: `mailto:?subject=${text}&body=${both}`,
      external: false,
    },
  ]
  return targets
}

const noSubscription = () => () => {}
const browserCanShare = () => typeof navigator.share === 'function'

/** Share links, the browser's own share sheet where it has one, and copy-link. */
export default function ShareWidget({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation()
  const { xUserName } = useSharedProps()
  // Known only in the browser: false on the server and while hydrating, so the HTML matches.
  const canShare = useSyncExternalStore(noSubscription, browserCanShare, () => false)

  const nativeShare = async () => {
    try {
      await navigator.share({ title, url })
    } catch {
      // Closing the share sheet rejects too; nothing to report.
    }
  }

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url)
      showToast('success', t('page.show.link_copied'), { toastId: 'link-copied' })
    } catch {
      // No clipboard (insecure context, denied permission): show the link instead.
      showToast('error', t('page.show.copy_failed', { url }))
    }
  }

  return (
    <div className="share-widget" data-testid="share-widget">
      <div className="small text-uppercase fw-semibold mb-2 share-widget-title">
        {t('page.show.share')}
      </div>
      <div className="d-flex flex-wrap gap-2">
        {shareTargets(url, title, xUserName, {
          label: t('page.show.share_email'),
          ariaLabel: t('page.show.share_by_email'),
        }).map((target) => (
          <a
            key={target.name}
            href={target.href}
            className="btn btn-sm btn-outline-light"
            data-share={target.name}
            aria-label={target.ariaLabel ?? t('page.show.share_on', { network: target.label })}
            {...(target.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {target.label}
          </a>
        ))}
        {canShare && (
          <Button size="sm" variant="light" onClick={nativeShare} data-share="native">
            {t('page.show.share_native')}
          </Button>
        )}
        <Button size="sm" variant="light" onClick={copyLink} data-share="copy">
          {t('page.show.copy_link')}
        </Button>
      </div>
    </div>
  )
}
