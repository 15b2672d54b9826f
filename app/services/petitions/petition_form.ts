import type Petition from '#models/petition'
import { addressReviewsOf } from '#services/decision_makers/directory'
import { BANNER_TEMPLATES } from '#services/petitions/media'
import { identityOptionsOf } from '#services/petitions/identity_settings'

/**
 * What the form of an existing petition shows: its media, letters with
 * their recipients, news and custom fields (loaded on it), how moderators
 * judged its recipients' addresses, the banner templates it offers, and
 * how its identity options show (editable, read-only once signed, hidden).
 */
export async function loadPetitionForm(petition: Petition) {
  await petition.load((loader) =>
    loader
      .load('media')
      .load('letters', (letters) => letters.preload('recipients'))
      .load('updates')
      .load('customFields')
  )
  return {
    addressReviews: await addressReviewsOf(petition.id),
    bannerTemplates: BANNER_TEMPLATES,
    identityOptions: await identityOptionsOf(petition),
  }
}
