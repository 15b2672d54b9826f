import { isIP } from 'node:net'
import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { isDomainName, NETWORK_HASH_PATTERN, normalizeDomain } from '#shared/fraud/signing_rules'
import { networkHash } from '#support/signer_traces'

/**
 * A domain as the rules keep it (`@Mail.Example.ORG` → `mail.example.org`),
 * of two labels at least; error key domainName.
 */
export const domainNameRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value !== 'string') return
    const domain = normalizeDomain(value)
    if (!isDomainName(domain)) {
      field.report('Please enter a domain name, such as example.org', 'domainName', field)
      return
    }
    field.mutate(domain, field)
  }
)

/**
 * A network to block: its hash as the trends show it, or an IP address a
 * moderator typed, hashed here (the address itself is never kept); error
 * key networkHash.
 */
export const networkRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value !== 'string') return
    if (NETWORK_HASH_PATTERN.test(value)) return
    const hash = isIP(value) ? networkHash(value) : null
    if (!hash) {
      field.report('Please enter a network hash or an IP address', 'networkHash', field)
      return
    }
    field.mutate(hash, field)
  }
)
