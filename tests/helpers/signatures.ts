import db from '@adonisjs/lucid/services/db'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import type User from '#models/user'
import Petition from '#models/petition'
import { confirmationUrl, withdrawUrl } from '#support/signature_links'
import { signatureCounter } from '#runtime/signatures/counter'

/** A valid sign form for a petition: an answer to each of its loaded custom fields. */
export function signForm(petition: Petition, overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Olena',
    lastName: 'Koval',
    email: 'olena@example.org',
    country: 'UA',
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
