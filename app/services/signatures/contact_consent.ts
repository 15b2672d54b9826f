import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import i18nManager from '@adonisjs/i18n/services/main'
import type Petition from '#models/petition'
import type { Locale } from '#app/i18n/locales'
import { ownerNameOf } from '#shared/contact_consent'

export type ContactConsent = {
  contactConsentAt: DateTime | null
  contactConsentText: string | null
}

const NO_CONSENT: ContactConsent = { contactConsentAt: null, contactConsentText: null }

/**
 * A signer's opt-in to be contacted by the petition's owner: when, and the
 * sentence as the form showed it in the signer's language, rendered here
 * from the same translation. Only a ticked box costs a query (the owner's
 * name), so signing without it stays one INSERT. A petition whose owner
 * deleted their account has nobody to consent to: nothing is stored.
 */
export async function contactConsentOf(
  petition: Pick<Petition, 'userId'>,
  ticked: boolean | undefined,
  locale: Locale
): Promise<ContactConsent> {
  if (!ticked || petition.userId === null) return NO_CONSENT
  const owner: { first_name: string; last_name: string | null } | null = await db
    .from('users')
    .where('id', petition.userId)
    .select('first_name', 'last_name')
    .first()
  if (!owner) return NO_CONSENT
  const name = ownerNameOf({ firstName: owner.first_name, lastName: owner.last_name })
  return {
    contactConsentAt: DateTime.utc(),
    contactConsentText: i18nManager
      .locale(locale)
      .t('sources.sign.contact_consent', { owner: name }),
  }
}
