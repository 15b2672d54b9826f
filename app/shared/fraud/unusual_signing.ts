import { isBigMailProvider } from '#shared/fraud/big_mail_providers'

/** What a petition's signatures are grouped by for the fraud checks. */
export const SIGNING_GROUP_KINDS = ['network', 'domain'] as const
export type SigningGroupKind = (typeof SIGNING_GROUP_KINDS)[number]

/** The signatures of one network (its keyed hash) or one e-mail domain on one petition. */
export type SigningGroup = { kind: SigningGroupKind; subject: string; signatures: number }

/**
 * When one group makes a petition's last hour unusual: `perHour` of its
 * signatures or more, or at least `share` of them (0 to 1) when the group
 * gives `shareMinimum` or more (a floor: 2 signatures out of 5 are a share
 * of 40 %, and no attack).
 */
export type UnusualSigningRule = { perHour: number; share: number; shareMinimum: number }

/**
 * Whether a group breaks the rule, out of `total` signatures of the
 * petition in the same hour.
 *
 * A big public mail provider (gmail.com, outlook.com…: see
 * big_mail_providers.ts) never does as a domain, by either part of the
 * rule: its count and its share follow the petition's audience (a petition
 * signed 200 times an hour has 50 gmail.com signers without anyone
 * cheating), so it would alert every hour on every popular petition. Its
 * addresses are costly to make in bulk; a burst of them from one place is
 * still caught by its network, and the trends still list the domain.
 */
export function breaksRule(group: SigningGroup, total: number, rule: UnusualSigningRule) {
  if (group.kind === 'domain' && isBigMailProvider(group.subject)) return false
  if (group.signatures >= rule.perHour) return true
  return (
    total > 0 && group.signatures >= rule.shareMinimum && group.signatures / total >= rule.share
  )
}

/** The largest group breaking the rule (networks before domains on a tie), or null. */
export function unusualGroup(
  groups: SigningGroup[],
  total: number,
  rule: UnusualSigningRule
): SigningGroup | null {
  let found: SigningGroup | null = null
  for (const group of groups) {
    if (!breaksRule(group, total, rule)) continue
    if (!found || group.signatures > found.signatures) found = group
  }
  return found
}
