import { isIP } from 'node:net'
import vine from '@vinejs/vine'
import db from '@adonisjs/lucid/services/db'
import type { FieldContext } from '@vinejs/vine/types'
import {
  domainSuffixes,
  isDomainName,
  NETWORK_HASH_PATTERN,
  normalizeDomain,
} from '#shared/fraud/signing_rules'
import { networkHash } from '#support/signer_traces'
import { bigMailProviderCovered } from '#shared/fraud/big_mail_providers'
import { onKeptList } from '#support/disposable_domains'

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
 * A domain whose block would not stop a big mail provider (after
 * domainNameRule); error key bigMailProvider, with the provider it names.
 */
export const notBigMailProviderRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value !== 'string' || !field.isValid) return
    const provider = bigMailProviderCovered(value)
    if (provider) {
      field.report(
        'Many signers use {{ provider }}: it cannot be blocked',
        'bigMailProvider',
        field,
        { provider }
      )
    }
  }
)

/**
 * A domain to exempt from the kept list (after domainNameRule): on the
 * list, itself or a parent (error key notOnKeptList), and not exempted
 * already, itself or a parent (error key exempted).
 */
export const exemptableDomainRule = vine.createRule(
  async (value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value !== 'string' || !field.isValid) return
    if (!onKeptList(value)) {
      field.report('{{ domain }} is not on the kept list', 'notOnKeptList', field, {
        domain: value,
      })
      return
    }
    const exempted = await db
      .from('disposable_domain_exemptions')
      .whereIn('domain', domainSuffixes(value))
      .select('id')
      .first()
    if (exempted) field.report('This domain is exempted already', 'exempted', field)
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
