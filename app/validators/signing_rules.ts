import vine from '@vinejs/vine'
import { NETWORK_BLOCK_DURATIONS, PAUSE_DURATIONS } from '#shared/fraud/signing_rules'
import {
  domainNameRule,
  exemptableDomainRule,
  networkRule,
  notBigMailProviderRule,
} from '#validators/rules/signing_rules'

/** Why a rule is added: kept in the audit trail. */
const reason = () => vine.string().trim().minLength(3).maxLength(1000)

/**
 * Moderation/Rules: block an e-mail domain (and its sub-domains), once;
 * never a big mail provider, nor a parent that covers one.
 */
export const blockDomainValidator = vine.create({
  domain: vine
    .string()
    .trim()
    .maxLength(253)
    .use(domainNameRule())
    .use(notBigMailProviderRule())
    .unique(async (db, value) => {
      const taken = await db.from('blocked_email_domains').where('domain', value).first()
      return !taken
    }),
  reason: reason(),
})

/** Moderation/Rules: exempt a domain of the kept list (and its sub-domains), once, saying why. */
export const exemptDomainValidator = vine.create({
  domain: vine.string().trim().maxLength(253).use(domainNameRule()).use(exemptableDomainRule()),
  reason: reason(),
})

/** Moderation/Rules: is a domain on the kept list of disposable-mail domains? */
export const checkDomainValidator = vine.create({
  check: vine.string().trim().maxLength(253).use(domainNameRule()),
})

/** Moderation/Rules: block a network, by its hash or an address typed by the moderator, for a while. */
export const blockNetworkValidator = vine.create({
  network: vine.string().trim().maxLength(64).use(networkRule()),
  duration: vine.enum(NETWORK_BLOCK_DURATIONS),
  reason: reason(),
})

/** Moderation/Petition: pause a petition's signing for a while or until lifted. */
export const pauseSigningValidator = vine.create({
  duration: vine.enum(PAUSE_DURATIONS),
  reason: reason(),
})

/**
 * Lifting a rule (a domain, a network, a pause, an exemption): a reason
 * for the trail if the moderator gives one.
 */
export const liftRuleValidator = vine.create({
  reason: vine.string().trim().maxLength(1000).optional(),
})
