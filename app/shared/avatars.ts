/**
 * The initials avatar of someone without an uploaded picture (no
 * third-party service): a circle in one of eight colours with their
 * initials, as an SVG data URL. Built alike on the server (the pages'
 * props) and in the page (a live update carries only the initials and the
 * colour, a tenth of the bytes, for each page of a crowd).
 */
const PALETTE = [
  '#0d6efd',
  '#6610f2',
  '#d63384',
  '#fd7e14',
  '#198754',
  '#20c997',
  '#0dcaf0',
  '#6f42c1',
]

/** What an initials avatar shows: up to two letters and the index of its colour. */
export type Initials = { initials: string; colour: number }

/** The first letters of both names, and a colour that stays the same for the same names. */
export function initialsOf(firstName: string, lastName?: string | null): Initials {
  const initials = [firstName, lastName ?? '']
    .map((part) => Array.from(part.trim())[0] ?? '')
    .join('')
    .toUpperCase()
  const seed = Array.from(`${firstName}${lastName ?? ''}`).reduce(
    (sum, char) => sum + char.codePointAt(0)!,
    0
  )
  return { initials, colour: seed % PALETTE.length }
}

/** The data URL of an initials avatar. */
export function initialsAvatarUrl({ initials, colour }: Initials): string {
  const fill = PALETTE[colour] ?? PALETTE[0]
  const text = initials.replace(/[&<>"']/g, '') || '?'
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="48" fill="${fill}"/>` +
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="Arial,sans-serif" font-size="38" fill="#fff">${text}</text></svg>`
  return `data:image/svg+xml;base64,${base64(svg)}`
}

/** Base64 of the text's UTF-8 bytes, in the browser as on the server. */
function base64(text: string) {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}
