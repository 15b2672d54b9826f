import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import type RecipientDelivery from '#models/recipient_delivery'
import { site } from '#config/site'
import type { Locale } from '#app/i18n/locales'

/** What the links of a decision maker's mail are signed for. */
export const ANSWER_PURPOSE = 'recipient-answer'
export const STOP_PURPOSE = 'recipient-stop'

/** The signed link that answers the petition once, on the site of its language. */
export function answerUrl(delivery: Pick<RecipientDelivery, 'id'>, locale: Locale) {
  return signedUrlFor('decision_makers.answer', { id: delivery.id }, {
    prefixUrl: site.urlFor(locale),
    purpose: ANSWER_PURPOSE,
  } as any)
}

/** The signed link that stops the petition's mails to this address; it never expires. */
export function stopUrl(delivery: Pick<RecipientDelivery, 'id'>, locale: Locale) {
  return signedUrlFor('decision_makers.stop', { id: delivery.id }, {
    prefixUrl: site.urlFor(locale),
    purpose: STOP_PURPOSE,
  } as any)
}
