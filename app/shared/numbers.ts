/** A percentage (0–100) in the page's language: 6.6% in English, 6,6 % in German and French. */
export function formatPercent(locale: string, percentage: number): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
    percentage / 100
  )
}
