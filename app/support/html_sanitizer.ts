import sanitizeHtml from 'sanitize-html'

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

/**
 * The only images a description may show: the site's own editor uploads,
 * exactly as they are named (/uploads/petitions/{guid}/{uuid}.jpg). Nothing
 * else, so that no path (`..`, `%2e`, a backslash, a query string) can point
 * an image at another page of the site, such as one that acts on a GET.
 */
const OWN_MEDIA = new RegExp(`^/uploads/petitions/${UUID}/${UUID}\\.jpg$`)

/**
 * What a description may hold: paragraphs, headings h2–h4, bold, italic,
 * underline, strike, lists, quotes, links (http, https, mailto; always
 * rel="nofollow noopener"), the site's own images and line breaks. Anything
 * else — scripts, event handlers, styles, SVG, iframes — is removed.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
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
    ],
    allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt', 'title'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: [
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
    ],
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...(attribs.href ? { href: attribs.href } : {}),
          rel: 'nofollow noopener',
          ...(attribs.target === '_blank' ? { target: '_blank' } : {}),
        },
      }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_MEDIA.test(frame.attribs.src ?? ''),
  }).trim()
}
