import env from '#start/env'
import type { UnusualSigningRule } from '#shared/fraud/unusual_signing'

/**
 * When a petition's signing looks unusual enough to put it in the
 * moderators' queue (see app/shared/fraud/unusual_signing.ts): one network
 * or one e-mail domain gives `perHour` of its signatures in the last hour
 * (UNUSUAL_SIGNING_PER_HOUR, 50), or `share` of them (UNUSUAL_SIGNING_SHARE,
 * 0.10) once it gives at least `shareMinimum` (UNUSUAL_SIGNING_SHARE_MIN, 20):
 * two signatures out of five are no attack.
 */
export const unusualSigningRule: UnusualSigningRule = {
  get perHour() {
    return env.get('UNUSUAL_SIGNING_PER_HOUR') ?? 50
  },
  get share() {
    return env.get('UNUSUAL_SIGNING_SHARE') ?? 0.1
  },
  get shareMinimum() {
    return env.get('UNUSUAL_SIGNING_SHARE_MIN') ?? 20
  },
}
