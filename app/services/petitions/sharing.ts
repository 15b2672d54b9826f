import QRCode from 'qrcode'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type Petition from '#models/petition'
import { site } from '#config/site'
import { petitionPageData } from '#services/petitions/page_data'
import type { Locale } from '#app/i18n/locales'
import { qrCodes } from '#runtime/caches/process_caches'

/**
 * A published petition (listed or unlisted) by its slug, or null: the
 * widget, QR code and poster exist for what anyone may read, never for a
 * draft, whoever asks. The petition page's cached data serves them, so a
 * widget on a busy site costs at most one load a second.
 */
export async function publishedPetition(slug: string): Promise<Petition | null> {
  const data = await petitionPageData(slug)
  return data?.petition.isPublic ? data.petition : null
}

/** The petition page's absolute address on a language's site. */
export function petitionUrl(slug: string, locale: Locale) {
  return `${site.urlFor(locale)}${urlFor('petitions.show', { slug })}`
}

/**
 * The QR code of an address as an SVG document: medium error correction,
 * so that a printed code still reads when a corner is creased or dirty, and
 * the four-module quiet zone scanners expect. Drawn once per address (a
 * code never changes).
 */
export function qrCodeSvg(url: string): Promise<string> {
  return qrCodes.get(url, () =>
    QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 })
  )
}
