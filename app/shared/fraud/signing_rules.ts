/**
 * The moderators' rules against signing attacks, as pure data and checks:
 * no database, no clock of their own, so that signing, the rules page and
 * the tests share them.
 */

/** What stopped a signature at signing; recorded on it (`signatures.blocked_rule`). */
export const BLOCKED_RULES = [
  'signing_pause',
  'blocked_network',
  'blocked_domain',
  'disposable_domain',
] as const
export type BlockedRule = (typeof BLOCKED_RULES)[number]

/** How long a network stays blocked. */
export const NETWORK_BLOCK_DURATIONS = ['1h', '24h', '7d'] as const
export type NetworkBlockDuration = (typeof NETWORK_BLOCK_DURATIONS)[number]

/** How long a petition's signing is paused: a time, or until a moderator lifts it. */
export const PAUSE_DURATIONS = ['1h', '24h', 'lifted'] as const
export type PauseDuration = (typeof PAUSE_DURATIONS)[number]

const HOUR_MS = 3_600_000
const DURATION_MS: Record<NetworkBlockDuration | Exclude<PauseDuration, 'lifted'>, number> = {
  '1h': HOUR_MS,
  '24h': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
}

/** The length of a duration in milliseconds; null for "until lifted". */
export function durationMs(duration: NetworkBlockDuration | PauseDuration): number | null {
  return duration === 'lifted' ? null : DURATION_MS[duration]
}

/**
 * A domain as the rules keep it: trimmed, lower-case, without a leading
 * `@`, `*.` or `.`, nor a trailing dot (`@Mail.Example.ORG.` →
 * `mail.example.org`).
 */
export function normalizeDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/^@/, '')
    .replace(/^\*?\.+/, '')
    .replace(/\.+$/, '')
}

/** A domain name of at least two labels (`example.org`), each of letters, digits and hyphens. */
export function isDomainName(domain: string): boolean {
  if (domain.length > 253) return false
  const labels = domain.split('.')
  return (
    labels.length >= 2 &&
    labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label)) &&
    /[a-z]/.test(labels[labels.length - 1])
  )
}

/**
 * The domain and every parent of it down to two labels, the longest first:
 * `a.b.example.org` → `a.b.example.org`, `b.example.org`, `example.org`.
 * A top-level domain alone is never a rule.
 */
export function domainSuffixes(domain: string): string[] {
  const labels = domain.split('.')
  const suffixes: string[] = []
  for (let start = 0; start <= labels.length - 2; start++) {
    suffixes.push(labels.slice(start).join('.'))
  }
  return suffixes
}

/** Whether a domain, or a domain it is a sub-domain of, is in the set. */
export function domainListed(domains: ReadonlySet<string>, domain: string): boolean {
  return domainSuffixes(domain).some((suffix) => domains.has(suffix))
}

/** A network hash's form: 22 characters of base64url (support/signer_traces). */
export const NETWORK_HASH_PATTERN = /^[A-Za-z0-9_-]{22}$/

/** The rules as a process keeps them in memory. */
export type RulesSnapshot = {
  /** The kept list of disposable-mail domains. */
  disposable: ReadonlySet<string>
  /** Domains the moderators exempted from the kept list (their sub-domains too). */
  exempt: ReadonlySet<string>
  /** The moderators' own blocked domains. */
  domains: ReadonlySet<string>
  /** Blocked network hashes → when the block ends (ms since the epoch). */
  networks: ReadonlyMap<string, number>
}

/**
 * Whether signatures from a domain are refused as disposable: on the kept
 * list (itself or a parent) and not exempted by the moderators (itself or
 * a parent). Signers are told at once, under their e-mail: the list is public.
 */
export function disposableDomain(
  rules: Pick<RulesSnapshot, 'disposable' | 'exempt'>,
  domain: string
): boolean {
  return domainListed(rules.disposable, domain) && !domainListed(rules.exempt, domain)
}

/** What of a signature the rules look at. */
export type SignerTraits = {
  emailDomain: string | null
  networkHash: string | null
  /** The petition's pause: since when (null: not paused) and until when (null: until lifted). */
  pausedAt: number | null
  pausedUntil: number | null
}

/** Whether a petition's signing is paused at `now`. */
export function signingPaused(pausedAt: number | null, pausedUntil: number | null, now: number) {
  return pausedAt !== null && (pausedUntil === null || pausedUntil > now)
}

/**
 * The rule that stops a signature, or null when none does. A pause first,
 * then the network, then the domain (the moderators' own list before the
 * kept one): the most specific reason a moderator gave wins. A network's
 * block stops applying at its expiry, with no job to remove it.
 */
export function blockingRule(
  rules: RulesSnapshot,
  signer: SignerTraits,
  now: number
): BlockedRule | null {
  if (signingPaused(signer.pausedAt, signer.pausedUntil, now)) return 'signing_pause'
  if (signer.networkHash !== null) {
    const until = rules.networks.get(signer.networkHash)
    if (until !== undefined && until > now) return 'blocked_network'
  }
  if (signer.emailDomain) {
    if (domainListed(rules.domains, signer.emailDomain)) return 'blocked_domain'
    // The sign form refuses these at once; this holds if an exemption went meanwhile.
    if (disposableDomain(rules, signer.emailDomain)) return 'disposable_domain'
  }
  return null
}
