import { DateTime } from 'luxon'
import type { Infer } from '@vinejs/vine/types'
import type Petition from '#models/petition'
import type User from '#models/user'
import Signature, { OPPOSE, SUPPORT } from '#models/signature'
import type { signatureValidator } from '#validators/signature'
import { normalizeEmail } from '#support/email_normalizer'
import { emailDomain, networkHash } from '#support/signer_traces'
import { newReceiptSecret } from '#support/receipts'
import { signatureMails } from '#runtime/signatures/signature_mails'
import { takeConfirmationResend } from '#runtime/limits/rate_limits'
import { signatureWrites } from '#runtime/signatures/signature_writes'
import { signatureInserts } from '#services/signatures/signature_inserts'
import type { Locale } from '#app/i18n/locales'
import SignatureCreated from '#events/signature_created'
import { ruleStopping } from '#services/fraud/signing_rules'
import type RepeatSigning from '#models/repeat_signing'
import { signAgain } from '#services/signatures/repeat_signings'
import { isSignedBy } from '#policies/signature_policy'
import { signatureRef, type SignedRef } from '#support/http/signed_petitions_cookie'
import { contactConsentOf } from '#services/signatures/contact_consent'
import { replaceUnconfirmed } from '#services/signatures/unconfirmed_replacement'
import { newConfirmationToken } from '#support/signature_links'
import type { Session } from '@adonisjs/session'
import { identityRequirementOf } from '#support/identity_requirement'
import { holdsVerifiedIdentity } from '#services/identity/verified_identity'
import { signVerified, type IdentityRefusal } from '#services/signatures/verified_signing'

export type SignInput = Infer<typeof signatureValidator>

/**
 * `replaced`: an unconfirmed signature with the same (normalised) address
 * was overwritten. `repeated`: the address had signed, and the signer is
 * not one to be told so (a guest, or a member about a signature that is not
 * theirs): nothing was stored, they are answered as a first signer and the
 * mailbox hears of it. A member is told about their own signature:
 * `duplicate`, or `link_already_sent` when the day's confirmation mails for
 * that address on this petition are used up, so nothing was changed or sent.
 */
export type SignOutcome =
  | { signed: true; signature: Signature; confirmed: boolean; replaced: boolean }
  | { signed: false; reason: 'repeated'; repeat: RepeatSigning }
  | { signed: false; reason: 'duplicate' | 'link_already_sent' | IdentityRefusal }

/** What a sign that was not refused is answered with: the same for a first and a second signature. */
export type SignReceipt = { confirmed: boolean; email: string; left: SignedRef }

/** Rounds of insert-or-replace before a sign racing other writes gives up. */
const SIGN_ATTEMPTS = 3

/**
 * Signs a petition. The unique index on the normalised e-mail
 * decides duplicates, so concurrent requests with one address leave one row.
 * A verified member signing with their own address is confirmed at once and
 * counted, and mailed a notice that it counts; anyone else gets a confirmation
 * link by e-mail. Either way the row is stored with its mail due, and the
 * signature mailer sends it.
 *
 * Whoever types an address first must not own it: signing again with the
 * address of an unconfirmed signature replaces it (the new signer's name,
 * comment, choice, answers and wish for news, a new link; the old link stops
 * working). A confirmed signature is never replaced. Whether an address
 * signed is its mailbox's business: anyone but a member whose signature it
 * is (or a verified member, whose mailbox it is) gets the answer of a first
 * signature, and the mailbox is told (see repeat_signings). The hot path is one
 * INSERT; only a duplicate reads the existing row, by the unique index. The
 * request writes its own rows only: the counters move through the batched
 * signature counter, never by a recount.
 */
export async function signPetition(
  petition: Petition,
  input: SignInput,
  signer: {
    user: User | null
    locale: Locale
    ip?: string
    source?: string | null
    /** The signer's session, where an identity check may wait (none: the API). */
    session?: Session
  }
): Promise<SignOutcome> {
  const { user, locale, ip } = signer
  // A member's name and e-mail are locked on the form: the account's win.
  const email = user ? user.email : input.email
  const emailNormalized = normalizeEmail(email)
  const confirmed = user !== null && user.isVerified
  const traces = { networkHash: ip ? networkHash(ip) : null, emailDomain: emailDomain(email) }
  const values: SignatureValues = {
    petitionId: petition.id,
    userId: user?.id ?? null,
    firstName: user ? user.firstName : input.firstName,
    lastName: user?.lastName || input.lastName,
    email,
    emailNormalized,
    comment: petition.allowComments ? (input.comment ?? null) : null,
    private: input.private ?? false,
    score: petition.allowOpposite && input.support === false ? OPPOSE : SUPPORT,
    customFieldsData: customFieldAnswers(input.customFields),
    locale,
    wantsUpdates: input.wantsUpdates ?? false,
    country: input.country ?? null,
    postalCode: petition.askPostalCode ? (input.postalCode ?? null) : null,
    // Where the signer came from (the API names it; the form sends the address's code), and
    // their opt-in in the words they saw: in the same INSERT, always a value, so that every
    // row of a batched INSERT has the columns.
    source: signer.source ?? input.source ?? null,
    ...(await contactConsentOf(petition, input.contactConsent, locale)),
    // For the fraud checks: the network as a keyed hash, never the address.
    ...traces,
    // A moderators' rule stops it silently: answered and mailed as any
    // other, stored inactive, never counted (no extra query: see fraud/signing_rules).
    blockedRule: await ruleStopping(petition, traces),
    // Its signer's receipt: the transparency log's leaves carry only its commitment.
    receiptSecret: newReceiptSecret(),
    confirmed,
  }

  const verified = await signWithIdentity(petition, values, signer)
  if (verified) return verified

  // The first link goes with the new row, at no cost to the hot path. A
  // re-send is taken once per request, before anything is replaced: a signer
  // over the day's allowance changes nothing, so the last link mailed still
  // works.
  let resendTaken = false
  const takeResend = async () =>
    confirmed ||
    resendTaken ||
    (resendTaken = await takeConfirmationResend(petition.id, values.emailNormalized))

  for (let attempt = 0; attempt < SIGN_ATTEMPTS; attempt++) {
    const inserted = await insertSignature(values)
    let signature = inserted
    if (!signature) {
      const existing = await Signature.query()
        .where('petition_id', petition.id)
        .where('email_normalized', values.emailNormalized)
        .first()
      // Pruned between the INSERT and this read: insert again.
      if (!existing) continue
      const told = user !== null && (user.isVerified || isSignedBy(existing, user))
      if (existing.confirmedAt) {
        if (told) return { signed: false, reason: 'duplicate' }
        return repeated(values, existing, true)
      }
      if (!(await takeResend())) {
        if (told) return { signed: false, reason: 'link_already_sent' }
        // The last link mailed still works: nothing is sent, as a refused sign sent nothing.
        return repeated(values, existing, false)
      }
      signature = await replaceUnconfirmed(existing, values)
      // Confirmed, replaced or pruned meanwhile: look again.
      if (!signature) continue
    }

    // The confirmation link, or for a verified member the notice that it counts.
    await signatureMails.due(signature.id)
    await SignatureCreated.tell(petition.id, confirmed)
    return { signed: true, signature, confirmed, replaced: !inserted }
  }
  // Other signs with the address kept winning: one of them stands.
  if (user?.isVerified) return { signed: false, reason: 'duplicate' }
  return repeated(values, null, false)
}

/**
 * A sign with the identity the session checked or the member linked, when
 * there is one; null when the sign goes on as an unverified one. A
 * petition that requires verified signatures refuses any other. The
 * identity check is read from the session only when it holds one: other
 * signs pay nothing for it.
 */
async function signWithIdentity(
  petition: Petition,
  values: SignatureValues,
  { user, session }: { user: User | null; session?: Session }
): Promise<SignOutcome | null> {
  const { required } = identityRequirementOf(petition)
  const identityHeld = session && (holdsVerifiedIdentity(session) || user?.identityHash)
  if (!identityHeld) return required ? { signed: false, reason: 'identity_required' } : null
  const outcome = await signVerified(petition, values, { session, user })
  if (outcome.signed) return { ...outcome, confirmed: true }
  if (outcome.reason === 'address_signed') {
    const told = user !== null && (user.isVerified || isSignedBy(outcome.existing, user))
    if (told) return { signed: false, reason: 'duplicate' }
    return repeated(values, outcome.existing, true)
  }
  // A check for another petition, or used up: this one does not ask for it.
  if (outcome.reason === 'identity_expired' && !required) return null
  return outcome
}

/** A second signature, answered as a first (`tell`: its mailbox hears of it). */
async function repeated(
  values: SignatureValues,
  existing: Signature | null,
  tell: boolean
): Promise<SignOutcome> {
  const { petitionId, userId, email } = values
  const repeat = await signAgain({ petitionId, userId, email }, existing, tell)
  return { signed: false, reason: 'repeated', repeat }
}

/**
 * The answer to a sign that stored a signature or a second one: whether it
 * counts at once, the address the link went to (as typed) and what the
 * browser remembers.
 */
export function receiptOf(
  outcome: Extract<SignOutcome, { signed: true } | { reason: 'repeated' }>
): SignReceipt {
  if (outcome.signed) {
    const { signature, confirmed } = outcome
    return { confirmed, email: signature.email, left: signatureRef(signature) }
  }
  const { repeat } = outcome
  const left: SignedRef = { kind: 'repeat', id: repeat.id, token: repeat.token }
  return { confirmed: false, email: repeat.email, left }
}

/** What a sign stores of its signer, and whether it counts at once: inserted or replacing. */
export type SignatureValues = Pick<
  Signature,
  | 'petitionId'
  | 'userId'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'emailNormalized'
  | 'comment'
  | 'private'
  | 'score'
  | 'customFieldsData'
  | 'locale'
  | 'wantsUpdates'
  | 'country'
  | 'postalCode'
  | 'source'
  | 'contactConsentAt'
  | 'contactConsentText'
  | 'networkHash'
  | 'emailDomain'
  | 'blockedRule'
  | 'receiptSecret'
> &
  Partial<Pick<Signature, 'identityProvider' | 'identityHash' | 'identityClaims'>> & {
    confirmed: boolean
  }

/** A new signature, or null when the address has signed this petition already. */
async function insertSignature({ confirmed, ...values }: SignatureValues) {
  const signature = new Signature().merge({
    ...values,
    active: values.blockedRule === null,
    confirmationToken: newConfirmationToken(),
    confirmedAt: confirmed ? DateTime.utc() : null,
    // The row is its mail's outbox: stored signature, mail on its way.
    linkMailDueAt: DateTime.utc(),
  })
  const stored = await signatureWrites.add(signatureInserts, { signature, confirmed })
  return stored ? signature : null
}

/** Only the answers that were given, keyed by field id. */
function customFieldAnswers(answers: SignInput['customFields']) {
  const data: Record<string, string> = {}
  for (const answer of answers) {
    if (answer.value) data[String(answer.id)] = answer.value
  }
  return data
}
