import type { Page } from '@inertiajs/core'

/** Page titles read '{page title} | {brand}'. */
export function pageTitle(title: string, page: Page) {
  const brand = String((page?.props as { appName?: string } | undefined)?.appName ?? 'Undersign')
  return title ? `${title} | ${brand}` : brand
}
