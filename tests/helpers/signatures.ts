import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import type User from '#models/user'
import Petition from '#models/petition'
import Signature from '#models/signature'
import { normalizeEmail } from '#support/email_normalizer'
import { petitionValidator } from '#validators/petition'
import { savePetition } from '#services/petitions/petition_writer'
import { confirmationUrl, withdrawUrl } from '#services/signatures/signature_mails'
import { signatureCounter } from '#services/signatures/counter'
import { makeMember } from '#tests/helpers/auth'
import { newGuid, validPetition } from '#tests/helpers/petitions'

/** A saved petition (through the same service as the create form), with its owner. */
export async function makePetition(overrides: Record<string, unknown> = {}, owner?: User) {
  const member = owner ?? (await makeMember())
  const guid = newGuid()
  const payload = await petitionValidator.validate(validPetition(overrides), {
    meta: { ip: '127.0.0.1' },
  })
  await savePetition(member, guid, payload)
  // Published and finished are only switched when editing.
  const petition = await Petition.findByOrFail('guid', guid)
  const { published, finished } = overrides as { published?: boolean; finished?: boolean }
  if (published !== undefined || finished !== undefined) {
    petition.merge({ published: published ?? true, finished: finished ?? false })
    await petition.save()
  }
  await petition.load('customFields')
  return { petition, owner: member }
}

/**
 * A petition that shows every optional column: comments,
 * opposition, and two custom fields, District (text) and Age (number).
 */
export async function makePetitionWithEveryColumn() {
  const { petition, owner } = await makePetition({
    allowComments: true,
    allowOpposite: true,
    customFields: [
      { type: 'text', title: 'District', required: true },
      { type: 'number', title: 'Age', required: false },
    ],
  })
  const [district, age] = [...petition.customFields].sort((a, b) => a.position - b.position)
  return { petition, owner, district, age }
}

/** A valid sign form for a petition made by `makePetition()` with its defaults. */
export function signForm(petition: Petition, overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Olena',
    lastName: 'Koval',
    email: 'olena@example.org',
    comment: 'Our children need this park to play safely.',
    private: false,
    support: true,
    customFields: petition.customFields?.map((field) => ({ id: field.id, value: 'Podil' })) ?? [],
    ...overrides,
  }
}

/** POST /petition/{guid}/sign as a guest (or as `member`), the way the form sends it. */
export function sign(
  client: ApiClient,
  petition: Petition,
  overrides: Record<string, unknown> = {},
  member?: User
) {
  const request = client
    .post(`/petition/${petition.guid}/sign`)
    .json(signForm(petition, overrides))
    .withCsrfToken()
    .redirects(0)
  return member ? request.loginAs(member) : request
}

/** The petition's counters as stored now. */
export async function countsOf(petition: Petition) {
  const fresh = await Petition.findOrFail(petition.id)
  return { support: fresh.supportCount, oppose: fresh.opposeCount }
}

/** The counts once the recorded deltas are applied, as the flusher does within a second. */
export async function flushedCountsOf(petition: Petition) {
  await signatureCounter.flush()
  return countsOf(petition)
}

export async function signatureRows(petition: Petition) {
  return db.from('signatures').where('petition_id', petition.id).orderBy('id')
}

type SwalFlash = Partial<
  Record<'success' | 'warning' | 'error' | 'info', { title: string; payload: string }>
>

/** The swal dialogs a response flashed. */
export function swalOf(response: ApiResponse): SwalFlash {
  return ((response.flashMessages() as Record<string, unknown> | null)?.swal ?? {}) as SwalFlash
}

/** The path and query of a mailed link, for the test client. */
export function pathOf(url: string) {
  const { pathname, search } = new URL(url)
  return `${pathname}${search}`
}

/** The path of a signature row's current confirmation link, as the mail carries it. */
export function confirmationPath(row: { id: number; confirmation_token: string | null }) {
  return pathOf(confirmationUrl({ id: row.id, confirmationToken: row.confirmation_token }, 'en'))
}

/** The path of a signature row's withdraw link, as its mails carry it. */
export function withdrawPath(row: { id: number; confirmation_token: string | null }) {
  return pathOf(withdrawUrl({ id: row.id, confirmationToken: row.confirmation_token }, 'en'))
}

/** A signature written straight to the table, with any attributes a test needs. */
export async function addSignature(petition: Petition, attributes: Partial<Signature> = {}) {
  const email = attributes.email ?? `signer-${Math.random().toString(36).slice(2)}@example.org`
  return Signature.create({
    petitionId: petition.id,
    firstName: 'Olena',
    lastName: 'Koval',
    comment: null,
    private: false,
    score: 1,
    active: true,
    customFieldsData: {},
    locale: 'en',
    confirmedAt: DateTime.utc(),
    ...attributes,
    email,
    emailNormalized: normalizeEmail(email),
  })
}

/**
 * A CSV text parsed as RFC 4180 (quoted fields with "" and line breaks),
 * for reading exports back in tests.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"'
        index++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(field)
      field = ''
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      index++
    } else field += char
  }
  if (field !== '' || row.length > 0) rows.push([...row, field])
  return rows
}
