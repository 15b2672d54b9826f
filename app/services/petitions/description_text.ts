import { Parser } from 'htmlparser2'

/** Elements after which the text goes on on a new line. */
const BLOCKS = new Set(['p', 'h2', 'h3', 'h4', 'li', 'blockquote', 'br', 'ul', 'ol', 'div'])

/**
 * A description's text without its markup, for readers that are not
 * browsers (open data, search): entities decoded, one line per paragraph,
 * list item or heading, spaces inside a line collapsed.
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
