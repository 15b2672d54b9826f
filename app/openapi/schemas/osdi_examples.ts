import { OSDI_MAX_PAGE_SIZE } from '#support/osdi'

/*
 * The examples of the OSDI area's answers and requests: one petition of
 * one member, and one of its signatures, as the API gives them.
 */

const SITE = 'https://example.org'
const API = `${SITE}/api/osdi/v1`
const GUID = '0b7c5c1e-52f4-4c1b-9a43-6a1a4c9e3d10'
const CURIES = [
  { name: 'osdi', href: 'https://opensupporter.github.io/osdi-docs/{rel}', templated: true },
]

/** A petition as a collection embeds it; on its own it also names OSDI's curies. */
const petition = {
  'identifiers': [`undersign:${GUID}`],
  'origin_system': 'Undersign',
  'created_date': '2026-10-01T09:00:00.000Z',
  'modified_date': '2026-11-02T10:15:00.000Z',
  'title': 'A park for Oak Hill',
  'description': '<p>Children play <strong>on the road</strong>.</p>',
  'petition_text': 'Dear council, build the park.',
  'target': [{ name: 'Riverside City Council' }],
  'total_signatures': 1523,
  'browser_url': `${SITE}/petition/a-park-for-oak-hill`,
  'undersign:open_for_signing': true,
  '_links': {
    'self': { href: `${API}/petitions/${GUID}` },
    'osdi:signatures': { href: `${API}/petitions/${GUID}/signatures` },
    'osdi:record_signature_helper': { href: `${API}/petitions/${GUID}/signatures` },
  },
}

/** A signature as its petition's owner reads it, before or after its signer confirmed it. */
const signature = (confirmed: boolean) => ({
  'identifiers': ['undersign:4812'],
  'origin_system': 'Undersign',
  'created_date': '2026-11-20T08:30:15.000Z',
  'modified_date': confirmed ? '2026-11-20T08:35:15.000Z' : '2026-11-20T08:30:15.000Z',
  'action_date': '2026-11-20T08:30:15.000Z',
  'comments': 'Our children need this park.',
  'person': {
    given_name: 'Olena',
    family_name: 'Koval',
    email_addresses: [{ address: 'olena@example.org', primary: true }],
    postal_addresses: [{ primary: true, country: 'UA', postal_code: '04070' }],
    custom_fields: { District: 'Podil' },
  },
  'referrer_data': { source: 'newsletter-12' },
  'undersign:anonymous': false,
  'undersign:confirmed': confirmed,
  'undersign:confirmed_date': confirmed ? '2026-11-20T08:35:15.000Z' : null,
  'undersign:active': true,
  'undersign:contact_consent': false,
  'undersign:contact_consent_date': null,
  'undersign:identity_verified': false,
  '_links': { 'osdi:petition': { href: `${API}/petitions/${GUID}` } },
})

/** The first of three pages; `hrefs`: its links also list the items' addresses. */
const collection = (rel: string, self: string, items: unknown[], hrefs: boolean) => ({
  total_pages: 3,
  per_page: 25,
  page: 1,
  total_records: 61,
  _links: {
    curies: CURIES,
    self: { href: `${self}?page=1&per_page=25` },
    next: { href: `${self}?page=2&per_page=25${rel === 'osdi:signatures' ? '&after=4812' : ''}` },
    ...(hrefs ? { [rel]: [{ href: `${API}/petitions/${GUID}` }] } : {}),
  },
  _embedded: { [rel]: items },
})

/** An OSDI error of a signature, with one description of what is wrong. */
export const osdiError = (
  status: number,
  error_code: string,
  description: string,
  properties?: string[]
) => ({
  'osdi:error': {
    request_type: 'atomic',
    response_code: status,
    resource_status: [
      {
        resource: 'osdi:signature',
        response_code: status,
        error_descriptions: [{ error_code, description, ...(properties ? { properties } : {}) }],
      },
    ],
  },
})

export const entryPointExample = {
  vendor_name: 'Undersign',
  product_name: 'Undersign OSDI API',
  osdi_version: '1.1',
  max_pagesize: OSDI_MAX_PAGE_SIZE,
  namespace: 'undersign',
  _links: {
    'curies': CURIES,
    'self': { href: API, title: 'This API entry point' },
    'osdi:petitions': { href: `${API}/petitions`, title: 'Your petitions' },
    'docs': { href: `${SITE}/api/docs`, title: 'The API’s documentation' },
  },
}

export const petitionExample = {
  ...petition,
  _links: { curies: CURIES, ...petition._links },
}

export const petitionCollectionExample = collection(
  'osdi:petitions',
  `${API}/petitions`,
  [petition],
  true
)

export const signatureCollectionExample = collection(
  'osdi:signatures',
  `${API}/petitions/${GUID}/signatures`,
  [signature(true)],
  false
)

/** A signature the record signature helper stored: waiting for its signer's confirmation. */
export const recordedSignatureExample = signature(false)

export const recordRequestExample = {
  person: {
    given_name: 'Lucía',
    family_name: 'Martín',
    email_addresses: [{ address: 'lucia@example.org' }],
    postal_addresses: [{ country: 'ES', postal_code: '28004' }],
    custom_fields: { District: 'Centro' },
  },
  comments: 'Queremos un parque para nuestros hijos.',
  referrer_data: { source: 'stall-2026-05' },
}
