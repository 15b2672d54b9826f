import { createHmac } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { appKey } from '#config/app'
import PetitionReport, { type ReportReason } from '#models/petition_report'
import type Petition from '#models/petition'
import type User from '#models/user'
import { isUniqueViolation } from '#support/database_errors'
import { addressBlock } from '#support/address_block'

/**
 * Who reports: a member by their id, a guest by their address (an IPv6
 * address with its /64, which one subscriber holds), kept only as a keyed
 * hash (enough to allow one open report per address, never the address
 * itself).
 */
function reporterKey(reporter: User | null, ip: string) {
  if (reporter) return `user:${reporter.id}`
  const hash = createHmac('sha256', appKey.release()).update(addressBlock(ip)).digest('hex')
  return `guest:${hash.slice(0, 40)}`
}

export type ReportOutcome = 'reported' | 'already_reported'

/**
 * Stores a report of a petition. A reporter has at most one open report
 * per petition: a second one, even racing the first, is refused by the
 * unique index over open reports and told apart here.
 */
export async function reportPetition(
  petition: Petition,
  report: { reason: ReportReason; note?: string | null },
  from: { user: User | null; ip: string; locale: string }
): Promise<ReportOutcome> {
  try {
    // In a transaction of its own (a savepoint within another): a refused
    // INSERT leaves no surrounding PostgreSQL transaction aborted.
    await db.transaction((trx) =>
      PetitionReport.create(
        {
          petitionId: petition.id,
          reporterId: from.user?.id ?? null,
          reporterKey: reporterKey(from.user, from.ip),
          reason: report.reason,
          note: report.note?.trim() || null,
          locale: from.locale,
        },
        { client: trx }
      )
    )
    return 'reported'
  } catch (error) {
    if (isUniqueViolation(error)) return 'already_reported'
    throw error
  }
}
