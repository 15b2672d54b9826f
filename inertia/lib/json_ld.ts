import type { Data } from '@generated/data'

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
}

/** A description's sanitised HTML as plain text, shortened to about `max` characters. */
export function plainText(html: string, max = 500) {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? Number.parseInt(name.slice(2), 16)
          : Number(name.slice(1))
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity
    })
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` as
 * escapes, so that no text in it (a title with `</script>`) can close the
 * element or start markup; line separators, which older parsers refuse in
 * strings, likewise.
 */
export function jsonLdText(data: unknown) {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * A petition as schema.org sees it: a web page whose main entity is the
 * petition's text (a CreativeWork) with its author's public name (never an
 * e-mail) and its supporters as endorsements.
 */
export function petitionJsonLd(petition: Data.PetitionShow, url: string, imageUrl: string | null) {
  const author = petition.user.deleted
    ? undefined
    : {
        '@type': 'Person',
        'name': [petition.user.firstName, petition.user.lastName].filter(Boolean).join(' '),
      }
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    'url': url,
    'name': petition.title,
    'mainEntity': {
      '@type': 'CreativeWork',
      'name': petition.title,
      'headline': petition.title,
      'description': plainText(petition.description) || petition.target || petition.title,
      'url': url,
      'dateCreated': petition.created,
      ...(imageUrl ? { image: imageUrl } : {}),
      ...(author ? { author } : {}),
      'interactionStatistic': {
        '@type': 'InteractionCounter',
        'interactionType': 'https://schema.org/EndorseAction',
        'userInteractionCount': petition.supportCount,
      },
    },
  }
}
