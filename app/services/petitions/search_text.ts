/**
 * What the search index reads of a petition's description: its words,
 * without the markup of the sanitised HTML. Shared by the model (which keeps
 * `description_text` beside the HTML) and the migration that filled it in.
 */

/** Tags that separate words (a new paragraph, item or line); inline tags such as <strong> do not. */
const BLOCK_TAG = /<\/?(?:p|h[1-6]|li|ul|ol|blockquote|br|img|div)\b[^>]*>/gi
const ANY_TAG = /<[^>]*>/g

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
}

function decodeEntities(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? Number.parseInt(name.slice(2), 16)
          : Number(name.slice(1))
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' '
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity
  })
}

/** The text of sanitised description HTML, words separated as a reader sees them. */
export function descriptionText(html: string): string {
  return decodeEntities(html.replace(BLOCK_TAG, ' ').replace(ANY_TAG, ''))
    .replace(/\s+/g, ' ')
    .trim()
}
