/**
 * A signature as its petition's owner may take it out of the site: the
 * fields of the owner's CSV export, and nothing more. The API's signatures,
 * OSDI's and the webhooks' payloads are all made here, so that no channel
 * gives an owner more of a signer than the export does.
 */

/** The columns of `signatures` a record is made of. */
export const SIGNATURE_RECORD_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'country',
  'postal_code',
  'comment',
  'custom_fields_data',
  'score',
  'private',
  'active',
  'confirmed_at',
  'created_at',
  'source',
  'contact_consent_at',
  'identity_provider',
] as const

export type SignatureRow = {
  id: number
  first_name: string
  last_name: string
  email: string
  country: string | null
  postal_code: string | null
  comment: string | null
  custom_fields_data: string | Record<string, string> | null
  score: number
  private: number | boolean
  active: number | boolean
  confirmed_at: Date | string | null
  created_at: Date | string
  source: string | null
  contact_consent_at: Date | string | null
  /** Absent from a withdrawal kept before signatures carried identities. */
  identity_provider?: string | null
}

/** What of its petition decides which fields a record has, as it decides the export's columns. */
export type RecordedPetition = {
  askPostalCode: boolean
  allowComments: boolean
  allowOpposite: boolean
}

export type SignatureRecord = {
  id: number
  firstName: string
  lastName: string
  email: string
  /** ISO 3166-1 alpha-2, or null when the signer was not asked. */
  country: string | null
  /** Only when the petition asks for it. */
  postalCode?: string | null
  /** Only when the petition allows comments. */
  comment?: string | null
  /** The answers to the petition's own questions, by the question's title. */
  customFields: Record<string, string>
  /** Only when the petition allows opponents. */
  side?: 'support' | 'oppose'
  anonymous: boolean
  confirmed: boolean
  active: boolean
  signedAt: string
  confirmedAt: string | null
  source: string | null
  /** The signer agreed to be contacted by the petition's owner about it. */
  contactConsent: boolean
  contactConsentAt: string | null
  /** Its signer verified their identity through one of the site's providers. */
  identityVerified: boolean
}

/** A stored time as ISO 8601 in UTC: PostgreSQL gives a Date, SQLite the text Lucid wrote. */
export function isoTime(value: Date | string): string {
  const date = value instanceof Date ? value : new Date(value.replace(' ', 'T'))
  return date.toISOString()
}

export function customAnswersOf(value: SignatureRow['custom_fields_data']): Record<string, string> {
  if (!value) return {}
  return typeof value === 'string' ? JSON.parse(value) : value
}

export function signatureRecordOf(
  row: SignatureRow,
  petition: RecordedPetition,
  fields: { id: number; title: string }[]
): SignatureRecord {
  const answers = customAnswersOf(row.custom_fields_data)
  const customFields: Record<string, string> = {}
  for (const field of fields) customFields[field.title] = answers[String(field.id)] ?? ''
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    country: row.country,
    ...(petition.askPostalCode ? { postalCode: row.postal_code } : {}),
    ...(petition.allowComments ? { comment: row.comment } : {}),
    customFields,
    ...(petition.allowOpposite ? { side: row.score > 0 ? 'support' : 'oppose' } : {}),
    anonymous: Boolean(row.private),
    confirmed: row.confirmed_at !== null,
    active: Boolean(row.active),
    signedAt: isoTime(row.created_at),
    confirmedAt: row.confirmed_at === null ? null : isoTime(row.confirmed_at),
    source: row.source,
    contactConsent: row.contact_consent_at !== null,
    contactConsentAt: row.contact_consent_at === null ? null : isoTime(row.contact_consent_at),
    identityVerified: Boolean(row.identity_provider),
  }
}
