import { Parser } from 'htmlparser2'

/**
 * The text of a petition's description, as readers that are not browsers
 * get it: the search index (the model keeps `description_text` beside the
 * HTML, and the migration that added it filled it in) and open data.
 */
/** Elements after which the text goes on on a new line. */
const BLOCKS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'ul',
  'ol',
  'blockquote',
  'br',
  'img',
  'div',
])

/**
 * A description's text without its markup: entities decoded, one line per
 * paragraph, list item or heading (inline tags such as <strong> separate no
 * words), spaces inside a line collapsed.
 */
export function descriptionText(html: string): string {
  let text = ''
  const parser = new Parser(
    {
      ontext: (chunk) => (text += chunk),
      onclosetag: (name) => {
        if (BLOCKS.has(name)) text += '\n'
      },
    },
    { decodeEntities: true }
  )
  parser.write(html)
  parser.end()
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n')
}
