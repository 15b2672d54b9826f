import sanitizeHtml from 'sanitize-html'
import {
  DESCRIPTION_ATTRIBUTES,
  DESCRIPTION_TAGS,
  DROPPED_WITH_CONTENT,
  LINK_REL,
  LINK_SCHEMES,
  OWN_MEDIA,
} from '#shared/petitions/rich_text'

/**
 * What a description may hold: paragraphs, headings h2–h4, bold, italic,
 * underline, strike, lists, quotes, links (http, https, mailto; always
 * rel="nofollow noopener"), the site's own images and line breaks. Anything
 * else — scripts, event handlers, styles, SVG, iframes — is removed.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: DESCRIPTION_TAGS,
    allowedAttributes: DESCRIPTION_ATTRIBUTES,
    allowedSchemes: LINK_SCHEMES,
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...(attribs.href ? { href: attribs.href } : {}),
          rel: LINK_REL,
          ...(attribs.target === '_blank' ? { target: '_blank' } : {}),
        },
      }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_MEDIA.test(frame.attribs.src ?? ''),
  }).trim()
}
