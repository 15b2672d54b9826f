import { randomBytes } from 'node:crypto'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import { site } from '#config/site'
import type { Locale } from '#app/i18n/locales'

/**
 * The signed links a signer's mails carry. Each is signed for what it does
 * and for the signature's current token, so that it names this signer only
 * and a replaced signature's old links fail.
 */

/** A mailed link confirms for 7 days, and only while it names the signature's current token. */
export const CONFIRMATION_PURPOSE = 'signature-confirm'
export const CONFIRMATION_VALID_FOR = '7 days'
/** A withdraw link never expires: a signature can be taken back as long as it exists. */
export const WITHDRAW_PURPOSE = 'signature-withdraw'

/** A signature's new link token: the links mailed with the one before stop working. */
export function newConfirmationToken() {
  return randomBytes(16).toString('base64url')
}

/** What a link names of a signature: its row, and the token it must still hold. */
type SignatureToken = { confirmationToken: string | null }
type LinkedSignature = SignatureToken & { id: number }

/**
 * What a mailed link about a signature is signed for: what the link does
 * and the signature's token, so that it names this signer only and a
 * replaced signature's old links fail.
 */
export function signatureLinkPurpose(action: string, signature: SignatureToken) {
  return signature.confirmationToken ? `${action}:${signature.confirmationToken}` : action
}

/** A signed link about one signature (its route, what it does) on the site of a language. */
export function signatureLinkUrl(
  route: 'signatures.confirm' | 'signatures.withdraw' | 'signatures.stop_updates',
  action: string,
  signature: LinkedSignature,
  locale: Locale,
  options: { expiresIn?: string } = {}
) {
  return signedUrlFor(route, { id: signature.id }, {
    prefixUrl: site.urlFor(locale),
    ...options,
    purpose: signatureLinkPurpose(action, signature),
  } as any)
}

export const confirmationPurpose = (signature: SignatureToken) =>
  signatureLinkPurpose(CONFIRMATION_PURPOSE, signature)

export const withdrawPurpose = (signature: SignatureToken) =>
  signatureLinkPurpose(WITHDRAW_PURPOSE, signature)

/** The withdraw link: it never expires, as long as the signature is the one it names. */
export const withdrawUrl = (signature: LinkedSignature, locale: Locale) =>
  signatureLinkUrl('signatures.withdraw', WITHDRAW_PURPOSE, signature, locale)

export const confirmationUrl = (signature: LinkedSignature, locale: Locale) =>
  signatureLinkUrl('signatures.confirm', CONFIRMATION_PURPOSE, signature, locale, {
    expiresIn: CONFIRMATION_VALID_FOR,
  })
