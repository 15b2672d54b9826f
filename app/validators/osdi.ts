import vine from '@vinejs/vine'
import { signerFields } from '#validators/signature'
import { requestedPage } from '#shared/pagination'
import { OSDI_DEFAULT_PAGE_SIZE, OSDI_MAX_PAGE_SIZE } from '#support/osdi'
import { sourceCode } from '#shared/signature_sources'

/*
 * The input of the OSDI area: its collections' pages, and the record
 * signature helper's body, which is read into the sign form's fields and
 * checked by the form's own rules (the API has no bot check: its token
 * stands for it), so that a signature through the API is held to
 * everything a signature through the form is.
 */

/** POST /api/osdi/v1/petitions/{guid}/signatures, once read as the sign form. */
export const recordSignatureValidator = vine.create(signerFields)

/**
 * `?page=`, `?per_page=` (at most the entry point's `max_pagesize`) and the
 * `after` cursor of a `next` link. A collection is browsed, not submitted:
 * what cannot be read takes its default rather than an error.
 */
export function osdiPageRequest(query: Record<string, unknown>) {
  const perPage = Math.trunc(Number(query.per_page))
  const after = Math.trunc(Number(query.after))
  return {
    page: requestedPage(query.page),
    perPage:
      Number.isFinite(perPage) && perPage >= 1
        ? Math.min(perPage, OSDI_MAX_PAGE_SIZE)
        : OSDI_DEFAULT_PAGE_SIZE,
    afterId:
      typeof query.after === 'string' && Number.isSafeInteger(after) && after >= 0 ? after : null,
  }
}

type Field = { id: number; title: string; position: number }

const objectOr = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
const firstOf = (value: unknown) => objectOr(Array.isArray(value) ? value[0] : undefined)

/**
 * The sign form's fields from an OSDI signature with its person inline:
 * the first e-mail and postal address, the comments, and the answers to
 * the petition's own questions from `person.custom_fields`, by title.
 */
export function signFormOf(body: unknown, fields: Field[]) {
  const osdi = objectOr(body)
  const person = objectOr(osdi.person)
  const email = firstOf(person.email_addresses)
  const address = firstOf(person.postal_addresses)
  const answers = objectOr(person.custom_fields)
  return {
    firstName: person.given_name,
    lastName: person.family_name,
    email: email.address,
    country: address.country,
    postalCode: address.postal_code,
    comment: osdi.comments,
    customFields: fields.map((field) => ({ id: field.id, value: answers[field.title] })),
  }
}

/** The OSDI property each field of the sign form is read from. */
const PROPERTIES: Record<string, string> = {
  firstName: 'person.given_name',
  lastName: 'person.family_name',
  email: 'person.email_addresses[0].address',
  country: 'person.postal_addresses[0].country',
  postalCode: 'person.postal_addresses[0].postal_code',
  comment: 'comments',
}

/** The OSDI property a sign form's error is about (`customFields.2.value`: the third question's answer). */
export function osdiPropertyOf(field: string, fields: Field[]) {
  const answer = /^customFields\.(\d+)/.exec(field)
  if (answer) {
    const sorted = [...fields].sort((a, b) => a.position - b.position)
    const title = sorted[Number(answer[1])]?.title ?? answer[1]
    return `person.custom_fields[${JSON.stringify(title)}]`
  }
  return PROPERTIES[field] ?? field
}

/** The column's width: a token's name is cut to it. */
const SOURCE_MAX = 60

/**
 * Where a signature recorded through the API came from: the client's
 * `referrer_data.source` when it is a source code, else the token's name.
 */
export function signatureSourceOf(body: unknown, tokenName: string | null) {
  const source = sourceCode(objectOr(objectOr(body).referrer_data).source)
  if (source) return source
  return (tokenName ?? '').slice(0, SOURCE_MAX) || null
}
