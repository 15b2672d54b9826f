import { disposableEmailBlocklist } from 'disposable-email-domains-js'
import { domainListed, normalizeDomain } from '#shared/fraud/signing_rules'

/**
 * The kept list: the community-kept disposable-mail domains
 * (disposable-email-domains-js, CC0), a few thousand, read once per
 * process. It is public, so telling a signer that their address is on it
 * tells nothing secret. Moderators exempt a domain from it by a rule of
 * their own (fraud/signing_rules), never by changing it.
 */
export const DISPOSABLE_DOMAINS: ReadonlySet<string> = new Set(
  disposableEmailBlocklist().map((domain) => normalizeDomain(domain))
)

/** How many domains the kept list holds. */
export function keptListSize() {
  return DISPOSABLE_DOMAINS.size
}

/** Whether a domain (or one it is a sub-domain of) is on the kept list. */
export function onKeptList(domain: string) {
  return domainListed(DISPOSABLE_DOMAINS, normalizeDomain(domain))
}
