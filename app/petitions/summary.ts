/**
 * A petition's summary for its page's meta description, shared by the server
 * and the pages: keep this file free of server imports.
 */

/** About what a search result shows of a page's description. */
export const SUMMARY_LENGTH = 160

/**
 * The start of a text on one line, at most `length` characters: cut after
 * the last whole word that fits, with an ellipsis, so that no word is
 * shown half.
 */
export function summaryOf(text: string, length = SUMMARY_LENGTH): string {
  // Characters, not UTF-16 units: a cut never splits an emoji.
  const chars = Array.from(text.replace(/\s+/g, ' ').trim())
  if (chars.length <= length) return chars.join('')
  const head = chars.slice(0, length - 1).join('')
  const lastSpace = head.lastIndexOf(' ')
  const words = lastSpace > head.length / 2 ? head.slice(0, lastSpace) : head
  return `${words.replace(/[\s,.;:!?—–-]+$/u, '')}…`
}
