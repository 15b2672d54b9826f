import { sendCompiledMail, sendMailNow, siteSender } from '#runtime/mail/mail_delivery'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { NodeMailerMessage } from '@adonisjs/mail/types'
import SignatureConfirmationMail from '#mails/signature_confirmation_mail'
import SignatureConfirmedMail from '#mails/signature_confirmed_mail'
import SignedAgainMail from '#mails/signed_again_mail'
import { MailTemplate, slot } from '#mails/mail_template'
import { mailText, MAIL_NAME_LENGTH } from '#mails/mail_text'
import { site } from '#config/site'
import { storedDateTime } from '#support/stored_dates'
import { isPlainAddress, mimeMessage, sharedHeaders } from '#support/mime_message'
import { confirmationUrl, withdrawUrl } from '#support/signature_links'
import { isLocale, DEFAULT_LOCALE } from '#app/i18n/locales'
import { signerTemplates } from '#runtime/caches/process_caches'

/** A signature whose mail is due, with what its mail says of the petition. */
export type DueMail = {
  id: number
  email: string
  first_name: string
  last_name: string
  locale: string
  confirmation_token: string | null
  confirmed_at: unknown
  signed_again_at: unknown
  created_at: unknown
  title: string
  slug: string
  support_count: number | string
  target_signatures: number | string
  /** The standing invalidation that took it out of the counts: public, told to its signer. */
  removed_at: Date | string | null
  removed_reason: string | null
}

/** The stand-ins of what differs between two signers of one petition in one language. */
const SLOTS = { firstName: slot('name'), confirm: slot('confirm'), withdraw: slot('withdraw') }

type SignerLinks = { confirm: string; withdraw: string }

/** The signed links a signer's mail carries: the withdraw link, and until it is confirmed the confirmation link. */
export function signerLinks(link: DueMail): SignerLinks {
  const locale = isLocale(link.locale) ? link.locale : DEFAULT_LOCALE
  const signature = { id: link.id, confirmationToken: link.confirmation_token }
  return {
    confirm: link.confirmed_at ? '' : confirmationUrl(signature, locale),
    withdraw: withdrawUrl(signature, locale),
  }
}

/**
 * The confirmation link while unconfirmed; once confirmed, the same notice
 * with the petition's count for every signer, or, for a signature that
 * moderators removed from the count, that and their reason. A confirmed
 * signature is mailed that notice once, when it is confirmed; a later due
 * mail on it is the notice that its address signed again (`signed_again_at`,
 * set only on a confirmed row with no mail due). `given` names the links (and
 * the name) it carries instead of the signer's own: the slots of a template.
 */
export function signerMail(
  link: DueMail,
  given: SignerLinks & { firstName?: string } = signerLinks(link)
) {
  const locale = isLocale(link.locale) ? link.locale : DEFAULT_LOCALE
  const signer = { email: link.email, firstName: given.firstName ?? link.first_name }
  const petition = {
    title: link.title,
    url: site.urlFor(locale) + urlFor('petitions.show', { slug: link.slug }),
    count: { supporters: Number(link.support_count), target: Number(link.target_signatures) },
  }
  const removal =
    link.removed_at && link.removed_reason !== null
      ? { date: storedDateTime(link.removed_at)!.toJSDate(), reason: link.removed_reason }
      : null
  if (link.confirmed_at && link.signed_again_at) {
    const signedOn = storedDateTime(link.created_at)!
    return new SignedAgainMail(signer, locale, petition, signedOn, given.withdraw)
  }
  return link.confirmed_at
    ? new SignatureConfirmedMail(signer, locale, petition, given.withdraw, removal)
    : new SignatureConfirmationMail(signer, locale, petition, given.confirm, given.withdraw)
}

/** Everything a signer's mail says but their name and links: the signers that share a template. */
function templateKey(link: DueMail) {
  const kind = !link.confirmed_at ? 'link' : link.signed_again_at ? 'again' : 'confirmed'
  return JSON.stringify([
    kind,
    link.locale,
    link.title,
    link.slug,
    kind === 'confirmed' ? [String(link.support_count), String(link.target_signatures)] : null,
    kind === 'confirmed' && link.removed_reason !== null
      ? [String(link.removed_at), link.removed_reason]
      : null,
    kind === 'again' ? storedDateTime(link.created_at)?.toUTC().toISODate() : null,
  ])
}

/** A mail rendered with stand-ins for what differs between its signers, and its shared headers. */
export type SignerTemplate = { mail: MailTemplate; shared: string } | null

async function render(link: DueMail): Promise<SignerTemplate> {
  const template = await MailTemplate.of(signerMail(link, SLOTS))
  if (!template) return null
  return { mail: template, shared: await sharedHeaders(siteSender(), template.subject) }
}

/** The template of this signer's mail, rendered once for all who share it. */
function templateOf(link: DueMail) {
  return signerTemplates.get(templateKey(link), () => render(link))
}

/**
 * One signer's mail from their petition's template, with their name and
 * signed links written in, composed as it goes over the wire (`raw`, 8bit)
 * and with its subject, text and HTML beside it for a transport that keeps
 * mails rather than sending them (the outbox). Null for an address that
 * needs encoding in a header, or a mail that cannot be a template.
 */
export async function signerMessage(link: DueMail, links: SignerLinks = signerLinks(link)) {
  const template = isPlainAddress(link.email) ? await templateOf(link) : null
  if (!template) return null
  const { subject, html, text } = template.mail.fill({
    name: mailText(link.first_name, MAIL_NAME_LENGTH),
    confirm: links.confirm,
    withdraw: links.withdraw,
  })
  const from = siteSender()
  const domain = from.address.split('@').pop()!
  const raw = mimeMessage({ shared: template.shared, to: link.email, domain, text, html })
  return {
    from,
    to: [link.email],
    subject,
    html,
    text,
    raw,
    envelope: { from: from.address, to: [link.email], use8BitMime: true },
  } as NodeMailerMessage
}

/** Sends one signer's mail: from its template, or else rendered on its own. */
export async function sendSignerMail(link: DueMail) {
  const message = await signerMessage(link)
  if (!message) return sendMailNow(signerMail(link))
  return sendCompiledMail({ message, views: {} })
}
