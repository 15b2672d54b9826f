import { urlFor } from '@adonisjs/core/services/url_builder'
import type Petition from '#models/petition'
import { site } from '#config/site'
import { isLocale, DEFAULT_LOCALE } from '#app/i18n/locales'
import { petitionProgress } from '#shared/petitions/progress'
import type { SignatureRecord } from '#support/signature_records'
import { OSDI_MAX_PAGE_SIZE, OSDI_NAMESPACE, OSDI_VERSION } from '#support/osdi'

/*
 * The OSDI 1.1 resources (HAL+JSON) of the API's OSDI area: its entry
 * point, a member's petitions and their signatures, and the errors of the
 * record signature helper. Field names are OSDI's; what OSDI has no field
 * for carries this site's namespace (`undersign:`), as OSDI asks of vendors.
 */

const OSDI_SYSTEM = 'Undersign'

/** Where each `osdi:` relation is explained: OSDI's own documentation. */
const CURIES = [
  { name: 'osdi', href: 'https://opensupporter.github.io/osdi-docs/{rel}', templated: true },
]

type Link = { href: string; title?: string }
type Links = Record<string, Link | Link[] | typeof CURIES>

/** The absolute address of a named API route on the site the request came to (`base`). */
function apiUrl(base: string, route: string, params: Record<string, string> = {}) {
  return `${base}${urlFor(route as 'api.osdi.entry', params as never)}`
}

/** The entry point's link titles, in the request's language. */
export type EntryPointTitles = { self: string; petitions: string; docs: string }

/** GET /api/osdi/v1: what this server offers, and where. */
export function osdiEntryPoint(base: string, titles: EntryPointTitles) {
  return {
    vendor_name: OSDI_SYSTEM,
    product_name: `${OSDI_SYSTEM} OSDI API`,
    osdi_version: OSDI_VERSION,
    max_pagesize: OSDI_MAX_PAGE_SIZE,
    namespace: OSDI_NAMESPACE,
    _links: {
      'curies': CURIES,
      'self': { href: apiUrl(base, 'api.osdi.entry'), title: titles.self },
      'osdi:petitions': { href: apiUrl(base, 'api.osdi.petitions.index'), title: titles.petitions },
      'docs': { href: `${base}/api/docs`, title: titles.docs },
    },
  }
}

/** A petition with its letters loaded. */
export function osdiPetition(petition: Petition, base: string) {
  const lang = isLocale(petition.lang) ? petition.lang : DEFAULT_LOCALE
  const signatures = apiUrl(base, 'api.osdi.signatures.index', { guid: petition.guid })
  const letters = [...petition.letters].sort((a, b) => a.position - b.position)
  return {
    identifiers: [`${OSDI_NAMESPACE}:${petition.guid}`],
    origin_system: OSDI_SYSTEM,
    created_date: isoDate(petition.createdAt),
    modified_date: isoDate(petition.updatedAt ?? petition.createdAt),
    title: petition.title,
    // Sanitised when it was saved: the HTML its page shows.
    description: petition.description,
    petition_text: letters.map((letter) => letter.payload).join('\n\n'),
    target: [{ name: petition.target }],
    // Everyone counted, as its page says: supporters (paper ones included) and opponents.
    total_signatures: petitionProgress(petition).totalSignatures,
    browser_url: `${site.urlFor(lang)}${urlFor('petitions.show', { slug: petition.slug })}`,
    [`${OSDI_NAMESPACE}:open_for_signing`]: petition.isOpenForSigning,
    _links: {
      'self': { href: apiUrl(base, 'api.osdi.petitions.show', { guid: petition.guid }) },
      'osdi:signatures': { href: signatures },
      // Action Network's convention: the helper is a POST to the signatures' collection.
      'osdi:record_signature_helper': { href: signatures },
    },
  }
}

/** GET …/petitions/{guid}: a petition on its own, with the curies its links use. */
export function osdiPetitionResource(petition: Petition, base: string) {
  const resource = osdiPetition(petition, base)
  return { ...resource, _links: { curies: CURIES, ...resource._links } }
}

/**
 * A signature as OSDI's Signature with its Person inline, made from the
 * record of the owner's CSV export only (`#support/signature_records`):
 * what the export has no OSDI field for goes under `undersign:` keys.
 */
export function osdiSignature(record: SignatureRecord, petitionUrl: string) {
  const ns = OSDI_NAMESPACE
  const address = {
    ...(record.country ? { country: record.country } : {}),
    ...('postalCode' in record ? { postal_code: record.postalCode ?? null } : {}),
  }
  return {
    identifiers: [`${ns}:${record.id}`],
    origin_system: OSDI_SYSTEM,
    created_date: record.signedAt,
    // The record keeps no later change than its confirmation.
    modified_date: record.confirmedAt ?? record.signedAt,
    action_date: record.signedAt,
    ...('comment' in record ? { comments: record.comment ?? null } : {}),
    person: {
      given_name: record.firstName,
      family_name: record.lastName,
      email_addresses: [{ address: record.email, primary: true }],
      postal_addresses: Object.keys(address).length > 0 ? [{ primary: true, ...address }] : [],
      custom_fields: record.customFields,
    },
    referrer_data: { source: record.source },
    [`${ns}:anonymous`]: record.anonymous,
    [`${ns}:confirmed`]: record.confirmed,
    [`${ns}:confirmed_date`]: record.confirmedAt,
    [`${ns}:active`]: record.active,
    [`${ns}:contact_consent`]: record.contactConsent,
    [`${ns}:contact_consent_date`]: record.contactConsentAt,
    [`${ns}:identity_verified`]: record.identityVerified,
    ...(record.side ? { [`${ns}:side`]: record.side } : {}),
    _links: { 'osdi:petition': { href: petitionUrl } },
  }
}

/** A page of a collection, as OSDI counts it. */
export type OsdiPage = {
  page: number
  perPage: number
  totalRecords: number
  /** The next page's query beyond `page` and `per_page` (the signatures' cursor). */
  nextQuery?: Record<string, string>
}

/**
 * A collection: its counts, `self`, `next` and `previous` (also as `prev`,
 * the name most HAL clients look for), links to its items and the items
 * embedded under `rel`.
 */
export function osdiCollection<Item extends { _links: Links }>(
  rel: string,
  selfUrl: string,
  page: OsdiPage,
  items: Item[]
) {
  const totalPages = Math.ceil(page.totalRecords / page.perPage)
  const pageUrl = (number: number, extra: Record<string, string> = {}) =>
    `${selfUrl}?${new URLSearchParams({ page: String(number), per_page: String(page.perPage), ...extra })}`
  const links: Links = { curies: CURIES, self: { href: pageUrl(page.page) } }
  if (page.page < totalPages) links.next = { href: pageUrl(page.page + 1, page.nextQuery) }
  if (page.page > 1) {
    links.previous = { href: pageUrl(Math.min(page.page - 1, Math.max(totalPages, 1))) }
    links.prev = links.previous
  }
  const hrefs = items.map((item) => item._links.self).filter((link) => link !== undefined)
  if (hrefs.length > 0) links[rel] = hrefs as Link[]
  return {
    total_pages: totalPages,
    per_page: page.perPage,
    page: page.page,
    total_records: page.totalRecords,
    _links: links,
    _embedded: { [rel]: items },
  }
}

/** The collection of a member's petitions. */
export function osdiPetitions(petitions: Petition[], base: string, page: OsdiPage) {
  const items = petitions.map((petition) => osdiPetition(petition, base))
  return osdiCollection('osdi:petitions', apiUrl(base, 'api.osdi.petitions.index'), page, items)
}

/** The collection of a petition's signatures. */
export function osdiSignatures(
  petition: Petition,
  records: SignatureRecord[],
  base: string,
  page: OsdiPage
) {
  const petitionUrl = apiUrl(base, 'api.osdi.petitions.show', { guid: petition.guid })
  const selfUrl = apiUrl(base, 'api.osdi.signatures.index', { guid: petition.guid })
  const items = records.map((record) => osdiSignature(record, petitionUrl))
  return osdiCollection('osdi:signatures', selfUrl, page, items)
}

/** The record signature helper's answer: the new signature, waiting for its signer's confirmation. */
export function osdiRecordedSignature(petition: Petition, record: SignatureRecord, base: string) {
  const petitionUrl = apiUrl(base, 'api.osdi.petitions.show', { guid: petition.guid })
  const signature = osdiSignature(record, petitionUrl)
  return { ...signature, _links: { curies: CURIES, ...signature._links } }
}

/** What was wrong with one or more properties of a request (OSDI's Error Description). */
export type OsdiErrorDescription = {
  error_code: string
  description: string
  properties?: string[]
}

/** OSDI's error resource for an atomic request: one resource, its status and why. */
export function osdiError(status: number, resource: string, errors: OsdiErrorDescription[]) {
  return {
    'osdi:error': {
      request_type: 'atomic',
      response_code: status,
      resource_status: [{ resource, response_code: status, error_descriptions: errors }],
    },
  }
}

function isoDate(value: { toUTC(): { toISO(): string | null } }) {
  return value.toUTC().toISO()
}
