import { BaseTransformer } from '@adonisjs/core/transformers'
import type {
  GroupCount,
  MinuteCount,
  SigningTrends,
  TrendWindow,
  WindowTrends,
} from '#shared/fraud/signing_trends'

const MINUTE_MS = 60_000

/** The chart's step per window: each minute of the hour, each quarter of an hour of the day. */
const BUCKET_MINUTES: Record<TrendWindow, number> = { hour: 1, day: 15 }

const atMinute = (minute: number) => new Date(minute * MINUTE_MS).toISOString()

/**
 * A petition's signing trends on its moderation page, per window (the last
 * hour, the last day): each network (its keyed hash, never an address) and
 * e-mail domain with its signatures, its share of the window's signatures
 * and the unconfirmed share of its own; the window's signatures in steps
 * of a minute (the hour) or a quarter of an hour (the day), and its busiest
 * minute. Shares run from 0 to 1. No e-mail address, no IP address.
 */
export default class SigningTrendsTransformer extends BaseTransformer<SigningTrends> {
  private group(total: number, { subject, signatures, unconfirmed }: GroupCount) {
    return {
      subject,
      signatures,
      share: total > 0 ? signatures / total : 0,
      unconfirmedShare: signatures > 0 ? unconfirmed / signatures : 0,
    }
  }

  private window(window: TrendWindow, trends: WindowTrends, last: number) {
    const step = BUCKET_MINUTES[window]
    const counts = new Map<number, number>()
    for (const count of trends.minutes) {
      const bucket = trends.from + Math.floor((count.minute - trends.from) / step) * step
      counts.set(bucket, (counts.get(bucket) ?? 0) + count.signatures)
    }
    const peak = trends.minutes.reduce<MinuteCount | null>(
      (busiest, count) => (!busiest || count.signatures > busiest.signatures ? count : busiest),
      null
    )
    return {
      since: atMinute(trends.from),
      signatures: trends.signatures,
      unconfirmedShare: trends.signatures > 0 ? trends.unconfirmed / trends.signatures : 0,
      networks: trends.networks.map((group) => this.group(trends.signatures, group)),
      domains: trends.domains.map((group) => this.group(trends.signatures, group)),
      bucketMinutes: step,
      buckets: Array.from({ length: Math.ceil((last - trends.from + 1) / step) }, (_, index) => {
        const minute = trends.from + index * step
        return { at: atMinute(minute), signatures: counts.get(minute) ?? 0 }
      }),
      peakMinute: peak ? { at: atMinute(peak.minute), signatures: peak.signatures } : null,
    }
  }

  toObject() {
    const trends = this.resource
    return {
      at: trends.at.toISO()!,
      hour: this.window('hour', trends.hour, trends.minute),
      day: this.window('day', trends.day, trends.minute),
    }
  }
}
