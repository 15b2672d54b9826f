import type { ReactElement } from 'react'
import { localeFlag } from '@app/i18n/locales.ts'

/**
 * Small flags drawn as SVG (emoji flags do not show on every system).
 * Simplified designs made for this site.
 */
const FLAGS: Record<string, ReactElement> = {
  us: (
    <>
      <rect width="30" height="20" fill="#fff" />
      {[0, 2, 4, 6, 8, 10, 12].map((stripe) => (
        <rect key={stripe} y={(stripe * 20) / 13} width="30" height={20 / 13} fill="#b22234" />
      ))}
      <rect width="13" height={(7 * 20) / 13} fill="#3c3b6e" />
    </>
  ),
  es: (
    <>
      <rect width="30" height="20" fill="#aa151b" />
      <rect y="5" width="30" height="10" fill="#f1bf00" />
    </>
  ),
  fr: (
    <>
      <rect width="10" height="20" fill="#002395" />
      <rect x="10" width="10" height="20" fill="#fff" />
      <rect x="20" width="10" height="20" fill="#ed2939" />
    </>
  ),
  de: (
    <>
      <rect width="30" height="7" fill="#000" />
      <rect y="6.66" width="30" height="7" fill="#dd0000" />
      <rect y="13.33" width="30" height="6.67" fill="#ffce00" />
    </>
  ),
  it: (
    <>
      <rect width="10" height="20" fill="#009246" />
      <rect x="10" width="10" height="20" fill="#fff" />
      <rect x="20" width="10" height="20" fill="#ce2b37" />
    </>
  ),
  ua: (
    <>
      <rect width="30" height="10" fill="#0057b7" />
      <rect y="10" width="30" height="10" fill="#ffd700" />
    </>
  ),
  pt: (
    <>
      <rect width="12" height="20" fill="#006600" />
      <rect x="12" width="18" height="20" fill="#ff0000" />
      <circle cx="12" cy="10" r="4" fill="#ffcc00" />
    </>
  ),
  ru: (
    <>
      <rect width="30" height="7" fill="#fff" />
      <rect y="6.66" width="30" height="7" fill="#0039a6" />
      <rect y="13.33" width="30" height="6.67" fill="#d52b1e" />
    </>
  ),
}

export default function Flag({ locale, className }: { locale: string; className?: string }) {
  const code = localeFlag(locale)
  return (
    <svg
      className={className}
      width="24"
      height="16"
      viewBox="0 0 30 20"
      role="img"
      aria-label={code.toUpperCase()}
      data-flag={code}
    >
      {FLAGS[code] ?? <rect width="30" height="20" fill="#ccc" />}
    </svg>
  )
}
