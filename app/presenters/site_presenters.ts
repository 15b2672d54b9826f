import type Petition from '#models/petition'
import { site } from '#config/site'
import type { LinkIntent } from '#shared/newsletter'
import FeedEntryTransformer from '#transformers/feed_entry_transformer'

/**
 * Feeds/Show, for a browser that opens a feed's link: what a feed is and how
 * to follow it (its texts and addresses), with the feed's entries.
 */
export function feedPageProps(
  feed: { self: string; list: string; title: string; subtitle: string },
  siteUrl: string,
  petitions: Petition[]
) {
  return {
    title: feed.title,
    subtitle: feed.subtitle,
    feedPath: feed.self,
    feedUrl: siteUrl + feed.self,
    listPath: feed.list,
    entries: petitions.map((petition) => new FeedEntryTransformer(petition).toObject()),
  }
}

/**
 * Subscription/Confirm: the button that confirms a newsletter subscription
 * or ends it, at the mailed link's address, or that it was done already.
 */
export function subscriptionLinkProps(
  intent: LinkIntent,
  subscription: { confirmedAt: unknown; unsubscribedAt: unknown } | null,
  actionUrl: string
) {
  const alreadyDone = subscription
    ? intent === 'subscribe'
      ? Boolean(subscription.confirmedAt)
      : Boolean(subscription.unsubscribedAt)
    : false
  return { intent, actionUrl: subscription ? actionUrl : null, alreadyDone }
}

/** Contacts/index: the contact form, its bot check, and the address to write to instead. */
export function contactProps() {
  return { turnstileKey: site.turnstileSiteKey, contactEmail: site.contactEmail }
}

/** Faq/index and PrivacyPolicy/index: the address questions go to. */
export function staticPageProps() {
  return { contactEmail: site.contactEmail }
}
