/**
 * Avatars without a third-party service: an uploaded picture
 * when there is one, else an SVG with the person's initials as a data URL.
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

export function initialsAvatar(firstName: string, lastName?: string | null): string {
  const initials = [firstName, lastName ?? '']
    .map((part) => Array.from(part.trim())[0] ?? '')
    .join('')
    .toUpperCase()
  const seed = Array.from(`${firstName}${lastName ?? ''}`).reduce(
    (sum, char) => sum + char.codePointAt(0)!,
    0
  )
  const colour = PALETTE[seed % PALETTE.length]
  const text = initials.replace(/[&<>"']/g, '') || '?'
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="48" fill="${colour}"/>` +
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="Arial,sans-serif" font-size="38" fill="#fff">${text}</text></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

export function avatarFor(person: {
  avatar: string | null
  firstName: string
  lastName: string | null
}) {
  return person.avatar ?? initialsAvatar(person.firstName, person.lastName)
}
