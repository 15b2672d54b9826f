const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com'])

/**
 * The form of an e-mail that decides duplicates: trimmed,
 * lower-cased, `+tag` removed, and for Gmail dots removed and googlemail.com
 * folded into gmail.com, since all of those reach the same mailbox.
 */
export function normalizeEmail(email: string): string {
  const address = email.trim().toLowerCase()
  const at = address.lastIndexOf('@')
  if (at < 1) return address
  let local = address.slice(0, at)
  let domain = address.slice(at + 1)
  const plus = local.indexOf('+')
  if (plus > 0) local = local.slice(0, plus)
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '')
    domain = 'gmail.com'
  }
  return `${local}@${domain}`
}
