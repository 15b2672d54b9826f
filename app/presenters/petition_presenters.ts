import type Petition from '#models/petition'
import { site } from '#config/site'
import PetitionFormTransformer from '#transformers/petition_form_transformer'

/**
 * Petition/Create for an existing petition: its form (media, letters with
 * recipients, news and custom fields loaded), how moderators judged its
 * recipients' addresses, and what the form offers.
 */
export function petitionFormProps<AddressReviews>(
  petition: Petition,
  form: { addressReviews: AddressReviews; bannerTemplates: Record<string, string> }
) {
  return {
    petition: PetitionFormTransformer.transform(petition),
    petitionCreated: petition.createdAt.toISO(),
    moderatorClosure: PetitionFormTransformer.moderatorClosure(petition),
    /** How moderators judged its recipients' addresses: waiting, approved or refused (why). */
    addressReviews: form.addressReviews,
    bannerTemplates: form.bannerTemplates,
    turnstileKey: site.turnstileSiteKey,
  }
}
