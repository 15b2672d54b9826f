/**
 * What a petition's description may hold, shared by the server's sanitizer
 * and the create form's preview (which applies the same list in the browser).
 */
export const DESCRIPTION_TAGS = [
  'p',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'img',
  'br',
]

/** The attributes kept, per tag; every other attribute goes. */
export const DESCRIPTION_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt', 'title'],
}

/** The only schemes a link may use. */
export const LINK_SCHEMES = ['http', 'https', 'mailto']

/** Elements dropped with everything inside them (not only their tags). */
export const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'template',
]

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

/**
 * The only images a description may show: the site's own editor uploads,
 * exactly as they are named (/uploads/petitions/{guid}/{uuid}.jpg). Nothing
 * else, so that no path (`..`, `%2e`, a backslash, a query string) can point
 * an image at another page of the site, such as one that acts on a GET.
 */
export const OWN_MEDIA = new RegExp(`^/uploads/petitions/${UUID}/${UUID}\\.jpg$`)

/** The rel every kept link gets. */
export const LINK_REL = 'nofollow noopener'
