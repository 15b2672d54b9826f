import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { unusualSigningRule } from '#config/fraud'
import { BIG_MAIL_PROVIDERS } from '#shared/fraud/big_mail_providers'
import { unusualGroup, type UnusualSigningRule } from '#shared/fraud/unusual_signing'
import {
  highestSignatureId,
  lastMark,
  markSignatures,
  signatureIdBefore,
} from '#services/fraud/signing_marks'
import { groupCounts, signaturesOfWindow } from '#services/fraud/trends'
import { storedDateTime } from '#support/stored_dates'

const HOUR_MS = 3_600_000

/** Whole hours since 1970 (UTC): an alert's hour. */
export function alertHourOf(at: DateTime) {
  return Math.floor(at.toMillis() / HOUR_MS)
}

/**
 * Every minute (the scheduler's job): the petitions signed since the last
 * run are found by a primary-key range over the new signatures (from the
 * last mark to the highest id now), and each one's last hour is counted by
 * network and by e-mail domain. A group above the rule (config/fraud.ts)
 * puts the petition in the moderators' queue as "unusual signing": one
 * alert per petition and clock hour, inserted or ignored against the unique
 * index, so that two nodes running at once still make one. The hour
 * counted starts after the petition's last alert (after its dismissal, once
 * dismissed), when that is later: a burst alerted once, and dismissed, does
 * not alert again in the next hour; an attack that goes on does.
 *
 * Signing pays nothing for it: no query, no write, no index. Returns the
 * petitions newly put in the queue.
 */
export async function detectUnusualSigning(
  at: DateTime = DateTime.utc(),
  rule: UnusualSigningRule = unusualSigningRule
): Promise<number[]> {
  const hourAgo = at.minus({ hours: 1 })
  const [highest, mark] = await Promise.all([highestSignatureId(), lastMark()])
  const hourBound = await signatureIdBefore(hourAgo)
  // The first run (or the first after a day without any) looks at the last hour.
  const fromId = mark ? mark.signatureId : hourBound
  const signed = await db
    .from('signatures')
    .where('id', '>', fromId)
    .where('id', '<=', highest)
    .distinct('petition_id')
  const candidates = signed.map((row) => Number(row.petition_id))

  const hour = alertHourOf(at)
  const alerted: number[] = []
  if (candidates.length > 0) {
    // The petitions' last alerts of the past day: the window starts after them.
    const lastAlerts = new Map<number, { hour: number; seen: DateTime | null }>()
    const rows = await db
      .from('signing_alerts')
      .whereIn('petition_id', candidates)
      .where('hour', '>=', hour - 24)
      .orderBy('id', 'asc')
      .select('petition_id', 'hour', 'created_at', 'resolved_at')
    for (const row of rows) {
      lastAlerts.set(Number(row.petition_id), {
        hour: Number(row.hour),
        seen: storedDateTime(row.resolved_at ?? row.created_at),
      })
    }
    for (const petitionId of candidates) {
      const last = lastAlerts.get(petitionId)
      if (last?.hour === hour) continue
      // Dates are kept to the second: what was signed in the second it was seen, was seen.
      const seen = last?.seen?.plus({ seconds: 1 })
      const since = seen && seen > hourAgo ? seen : hourAgo
      const found = await unusualGroupOf(petitionId, hourBound, since, rule)
      if (!found) continue
      // Insert or ignore: whoever comes second leaves the first alert as it is.
      const inserted = await db.rawQuery(
        `INSERT INTO signing_alerts (petition_id, hour, kind, subject, signatures, created_at)
          VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (petition_id, hour) DO NOTHING RETURNING id`,
        [
          petitionId,
          hour,
          found.kind,
          found.subject,
          found.signatures,
          at.toFormat(db.connection().dialect.dateTimeFormat),
        ]
      )
      // Rows on SQLite, a result with its rows on PostgreSQL.
      const ids = Array.isArray(inserted) ? inserted : inserted.rows
      if (ids.length > 0) alerted.push(petitionId)
    }
  }
  await markSignatures(at, highest)
  return alerted
}

/** The largest group of a petition's signatures since `since` that breaks the rule, or null. */
async function unusualGroupOf(
  petitionId: number,
  afterId: number,
  since: DateTime,
  rule: UnusualSigningRule
) {
  const [total, networks, domains] = await Promise.all([
    signaturesOfWindow(petitionId, afterId, since).count('* as total').first(),
    groupCounts(petitionId, afterId, since, 'network_hash', 1),
    // Big providers break no rule (see breaksRule): the largest other domain.
    groupCounts(petitionId, afterId, since, 'email_domain', 1, BIG_MAIL_PROVIDERS),
  ])
  return unusualGroup(
    [
      ...networks.map((group) => ({ kind: 'network' as const, ...group })),
      ...domains.map((group) => ({ kind: 'domain' as const, ...group })),
    ],
    Number(total?.total ?? 0),
    rule
  )
}
