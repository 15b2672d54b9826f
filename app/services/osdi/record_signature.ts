import db from '@adonisjs/lucid/services/db'
import { errors as lucidErrors } from '@adonisjs/lucid'
import type Petition from '#models/petition'
import type User from '#models/user'
import type { Locale } from '#app/i18n/locales'
import { signPetition, type SignInput } from '#services/signatures/signing'
import { petitionToSign } from '#services/signatures/petition_to_sign'
import {
  SIGNATURE_RECORD_COLUMNS,
  signatureRecordOf,
  type SignatureRecord,
  type SignatureRow,
} from '#support/signature_records'

/*
 * OSDI's record signature helper: a signature sent by a member's tool (a
 * CRM, a form elsewhere) for one of the member's petitions. It is signed
 * as a guest signs through the form, by the same use case: the site's
 * limits and the moderators' rules, one signature per address, and a
 * confirmation link mailed to the signer. It counts only once the signer
 * confirms, so a token never adds a counted signature by itself.
 */

/**
 * The member's petition to sign, as a sign loads it (with its custom
 * fields, fresh: its owner may just have changed it); null when it is
 * not theirs or names none.
 */
export async function ownPetitionToSign(member: User, guid: string): Promise<Petition | null> {
  try {
    const petition = await petitionToSign(guid, { reuse: false })
    return petition.userId === member.id ? petition : null
  } catch (error) {
    if (error instanceof lucidErrors.E_ROW_NOT_FOUND) return null
    throw error
  }
}

/**
 * `recorded`: a signature waiting for its signer's confirmation (new, or
 * one waiting before with the address, replaced as the form replaces it),
 * as the owner's export has it. Otherwise the address had signed: nothing
 * was stored, and its mailbox was told as the form tells it.
 */
export type RecordOutcome = { recorded: true; record: SignatureRecord } | { recorded: false }

/**
 * Signs `petition` for the signer the tool sent. Their network is not
 * known (the request comes from the tool's server), so none is recorded.
 */
export async function recordSignature(
  petition: Petition,
  input: SignInput,
  signer: { locale: Locale; source: string | null }
): Promise<RecordOutcome> {
  const outcome = await signPetition(petition, input, { user: null, ...signer })
  if (!outcome.signed) return { recorded: false }
  const row: SignatureRow = await db
    .from('signatures')
    .where('id', outcome.signature.id)
    .select(...SIGNATURE_RECORD_COLUMNS)
    .firstOrFail()
  const fields = [...petition.customFields].sort((a, b) => a.position - b.position)
  return { recorded: true, record: signatureRecordOf(row, petition, fields) }
}
