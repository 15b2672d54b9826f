import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import type { Infer } from '@vinejs/vine/types'
import type Petition from '#models/petition'
import type User from '#models/user'
import Signature, { OPPOSE, SUPPORT } from '#models/signature'
import SignatureConfirmationMail from '#mails/signature_confirmation_mail'
import type { signatureValidator } from '#validators/signature'
import { normalizeEmail } from '#services/email_normalizer'
import { signatureCounter } from '#services/signature_counter'
import { forgetPetitionPage } from '#services/petition_page_service'
import { site } from '#services/site_service'
import { affectedRows, isUniqueViolation } from '#services/database_errors'
import type { Locale } from '#app/i18n/locales'

export type SignInput = Infer<typeof signatureValidator>

export type SignOutcome =
  | { signed: true; signature: Signature; confirmed: boolean }
  | { signed: false; reason: 'duplicate' }

export const CONFIRMATION_PURPOSE = 'signature-confirm'
export const CONFIRMATION_VALID_FOR = '7 days'

/**
 * Signs a petition (decisions 1–3). The unique index on the normalised e-mail
 * decides duplicates, so concurrent requests with one address leave one row.
 * A verified member signing with their own address is confirmed at once and
 * counted; anyone else gets a confirmation link by e-mail, through the queue.
 * The request writes its own rows only: the counters move through the
 * batched signature counter, never by a recount.
 */
export async function signPetition(
  petition: Petition,
  input: SignInput,
  signer: { user: User | null; locale: Locale }
): Promise<SignOutcome> {
  const { user, locale } = signer
  // A member's name and e-mail are locked on the form (spec 6.2): the account's win.
  const email = user ? user.email : input.email
  const firstName = user ? user.firstName : input.firstName
  const lastName = user?.lastName || input.lastName
  const confirmed = user !== null && user.isVerified
  const now = DateTime.utc()

  const signature = new Signature().merge({
    petitionId: petition.id,
    userId: user?.id ?? null,
    firstName,
    lastName,
    email,
    emailNormalized: normalizeEmail(email),
    comment: petition.allowComments ? (input.comment ?? null) : null,
    private: input.private ?? false,
    score: petition.allowOpposite && input.support === false ? OPPOSE : SUPPORT,
    active: true,
    customFieldsData: customFieldAnswers(input.customFields),
    locale,
    confirmedAt: confirmed ? now : null,
  })

  try {
    await db.transaction(async (trx) => {
      signature.useTransaction(trx)
      await signature.save()
      if (user) await trx.from('users').where('id', user.id).increment('signatures_count', 1)
    })
  } catch (error) {
    if (isUniqueViolation(error)) return { signed: false, reason: 'duplicate' }
    throw error
  }

  if (confirmed) signatureCounter.add(petition.id, signature.score, 1)
  else await sendConfirmationLink(signature, petition, locale)
  return { signed: true, signature, confirmed }
}

/** Only the answers that were given, keyed by field id (decisions 14). */
function customFieldAnswers(answers: SignInput['customFields']) {
  const data: Record<string, string> = {}
  for (const answer of answers) {
    if (answer.value) data[String(answer.id)] = answer.value
  }
  return data
}

async function sendConfirmationLink(signature: Signature, petition: Petition, locale: Locale) {
  await mail.sendLater(
    new SignatureConfirmationMail(
      signature,
      locale,
      petition.title,
      confirmationUrl(signature, locale)
    )
  )
}

export function confirmationUrl(signature: Pick<Signature, 'id'>, locale: Locale) {
  return signedUrlFor('signatures.confirm', { id: signature.id }, {
    prefixUrl: site.urlFor(locale),
    expiresIn: CONFIRMATION_VALID_FOR,
    purpose: CONFIRMATION_PURPOSE,
  } as any)
}

/**
 * Confirms a signature from its mailed link (POST only, decisions 1). The
 * conditional UPDATE makes a second confirmation a no-op, so a signature is
 * counted once however often the button is pressed.
 */
export async function confirmSignature(signatureId: number) {
  const now = DateTime.utc()
  const { signature, changed } = await db.transaction(async (trx) => {
    const affected = await trx
      .from('signatures')
      .where('id', signatureId)
      .whereNull('confirmed_at')
      .update({
        confirmed_at: now.toFormat(trx.dialect.dateTimeFormat),
        updated_at: now.toFormat(trx.dialect.dateTimeFormat),
      })
    const row = await Signature.query({ client: trx }).where('id', signatureId).first()
    return { signature: row, changed: affectedRows(affected) > 0 }
  })
  if (signature && changed && signature.active) {
    signatureCounter.add(signature.petitionId, signature.score, 1)
    // The last signatures list shows it now; the count follows with the flush.
    forgetPetitionPage(signature.petitionId)
  }
  return { signature, changed }
}

/**
 * When the viewer signed (decisions 6): a member by account or e-mail, a guest
 * by the signed cookie the sign request set. One indexed query at most.
 */
export async function whenSigned(
  petition: Petition,
  user: User | null,
  signedByCookie: Record<string, string> | null
): Promise<string | null> {
  if (user) {
    const signature = await Signature.query()
      .where('petition_id', petition.id)
      .where((query) =>
        query.where('email_normalized', normalizeEmail(user.email)).orWhere('user_id', user.id)
      )
      .select('created_at')
      .first()
    return signature?.createdAt.toISO() ?? null
  }
  return signedByCookie?.[String(petition.id)] ?? null
}
