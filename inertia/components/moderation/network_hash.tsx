import { useState } from 'react'
import { Button } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'

/** A network's hash as the tables show it: its first 8 characters. */
export const shortHash = (hash: string) => hash.slice(0, 8)

/** A network's shortened hash, the whole one in its title and copied by the button beside it. */
export default function NetworkHash({ hash }: { hash: string }) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState(false)
  const copy = () =>
    navigator.clipboard?.writeText(hash).then(
      () => setCopied(true),
      () => setCopied(false)
    )
  return (
    <>
      <code title={hash} data-subject={hash}>
        {shortHash(hash)}…
      </code>{' '}
      <Button
        variant="link"
        size="sm"
        className="p-0 align-baseline"
        onClick={copy}
        aria-label={t('page.moderation.trends.copy', { hash: shortHash(hash) })}
      >
        {/* Drawn, not a character: a font without "⧉" shows an empty box. */}
        <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <rect
            x="5"
            y="5"
            width="9"
            height="9"
            rx="1.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          />
          <path
            d="M3 11V3.5A1.5 1.5 0 0 1 4.5 2H11"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          />
        </svg>
      </Button>
      <span className="visually-hidden" aria-live="polite">
        {copied ? t('page.moderation.trends.copied') : ''}
      </span>
    </>
  )
}
