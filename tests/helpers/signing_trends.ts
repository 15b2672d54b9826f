import { DateTime } from 'luxon'
import type Petition from '#models/petition'
import { SignatureFactory } from '#database/factories/signature_factory'

/** What a burst of signatures shares: a network's hash, a domain, when, and whether confirmed. */
export type Burst = {
  network?: string | null | ((index: number) => string | null)
  domain?: string | ((index: number) => string)
  unconfirmed?: boolean
  /** How long ago they were stored (now unless told). */
  minutesAgo?: number
}

let burstCount = 0

/**
 * `count` signatures of `petition`, as signing stores them: each its own
 * address, at the domain and from the network given (a different domain
 * and network for each signature unless told).
 */
export async function signBurst(petition: Petition, count: number, burst: Burst = {}) {
  const batch = ++burstCount
  const pick = <T>(value: T | ((index: number) => T), index: number) =>
    typeof value === 'function' ? (value as (index: number) => T)(index) : value
  const createdAt = DateTime.utc().minus({ minutes: burst.minutesAgo ?? 0 })
  return SignatureFactory.merge(
    Array.from({ length: count }, (_, index) => {
      const domain = pick(burst.domain ?? ((at: number) => `mail-${batch}-${at}.example`), index)
      return {
        petitionId: petition.id,
        email: `signer-${batch}-${index}@${domain}`,
        emailDomain: domain,
        networkHash:
          burst.network === undefined
            ? `net-${batch}-${index}`
            : pick(burst.network as string | null, index),
        confirmedAt: burst.unconfirmed ? null : createdAt,
        createdAt,
      }
    })
  ).createMany(count)
}
