import { DateTime } from 'luxon'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import NewsletterSubscription from '#models/newsletter_subscription'
import NewsletterConfirmationMail from '#mails/newsletter_confirmation_mail'
import { site } from '#config/site'
import type { Locale } from '#app/i18n/locales'
import { isUniqueViolation } from '#support/database_errors'
import SendMailJob from '#jobs/send_mail_job'
import type { SignedFor } from '#support/http/signed_links'
import type { LinkIntent } from '#shared/newsletter'

/** What each mailed newsletter link is signed for. */
const LINK_PURPOSES: Record<LinkIntent, string> = {
  subscribe: 'newsletter-confirm',
  unsubscribe: 'newsletter-unsubscribe',
}

/**
 * Newsletter subscriptions with double opt-in. Subscribing
 * an address that is already confirmed changes nothing and sends nothing, so
 * the answer never tells whether an address is on the list.
 */
export async function subscribeToNewsletter(email: string, locale: Locale) {
  const address = email.trim().toLowerCase()
  const subscription =
    (await NewsletterSubscription.findBy('email', address)) ??
    new NewsletterSubscription().merge({ email: address, locale, confirmedAt: null })

  if (subscription.$isPersisted && subscription.confirmedAt && !subscription.unsubscribedAt)
    return subscription

  subscription.merge({ locale, unsubscribedAt: null, confirmedAt: null })
  try {
    await subscription.save()
  } catch (error) {
    // Two requests for one new address at once: the one that saved it mails the link.
    if (isUniqueViolation(error)) return null
    throw error
  }

  const prefixUrl = site.urlFor(locale)
  const confirmUrl = signedUrlFor('subscription.confirm', { id: subscription.id }, {
    prefixUrl,
    expiresIn: '7 days',
    purpose: LINK_PURPOSES.subscribe,
  } as any)
  await SendMailJob.dispatchMails([
    new NewsletterConfirmationMail(
      address,
      locale,
      confirmUrl,
      unsubscribeUrlOf(subscription.id, locale)
    ),
  ])
  return subscription
}

/**
 * The signed link that unsubscribes one subscription, on the site of its
 * language. It never expires: every mail to a subscriber carries one, and an
 * old issue's link must still work.
 */
export function unsubscribeUrlOf(subscriptionId: number, locale: Locale) {
  return signedUrlFor('subscription.unsubscribe', { id: subscriptionId }, {
    prefixUrl: site.urlFor(locale),
    purpose: LINK_PURPOSES.unsubscribe,
  } as any)
}

/** The subscription a mailed link names, when the link is signed for what it asks. */
export async function subscriptionOfLink(id: number, intent: LinkIntent, signed: SignedFor) {
  return signed(LINK_PURPOSES[intent]) ? NewsletterSubscription.find(id) : null
}

/** Whether a mailed link is signed for what it asks (its POST acts on its id). */
export function linkHolds(intent: LinkIntent, signed: SignedFor) {
  return signed(LINK_PURPOSES[intent])
}

/** Null when the subscription no longer exists. */
export async function confirmNewsletter(id: number) {
  const subscription = await NewsletterSubscription.find(id)
  if (subscription && !subscription.confirmedAt) {
    subscription.merge({ confirmedAt: DateTime.now(), unsubscribedAt: null })
    await subscription.save()
  }
  return subscription
}

/** Null when the subscription no longer exists. */
export async function unsubscribeFromNewsletter(id: number) {
  const subscription = await NewsletterSubscription.find(id)
  if (subscription && !subscription.unsubscribedAt) {
    subscription.unsubscribedAt = DateTime.now()
    await subscription.save()
  }
  return subscription
}
