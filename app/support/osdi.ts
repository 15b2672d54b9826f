/** The OSDI version the API's OSDI area follows. */
export const OSDI_VERSION = '1.1'
/** The prefix of this site's identifiers (`undersign:<guid>`) and of its own fields. */
export const OSDI_NAMESPACE = 'undersign'
/** The records of a collection's page unless `?per_page=` says otherwise. */
export const OSDI_DEFAULT_PAGE_SIZE = 25
/** The most records one page holds (the entry point's `max_pagesize`). */
export const OSDI_MAX_PAGE_SIZE = 100
/** HAL+JSON, the media type of every OSDI answer. */
export const HAL_JSON = 'application/hal+json; charset=utf-8'
