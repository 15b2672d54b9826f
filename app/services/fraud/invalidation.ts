import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type Petition from '#models/petition'
import type User from '#models/user'
import SignatureInvalidation from '#models/signature_invalidation'
import { signatureCounter } from '#runtime/signatures/counter'
import { countSignatures, countUncounted } from '#runtime/signatures/count_deltas'
import ModerationEvent from '#models/moderation_event'
import { affectedRows, rowsOf } from '#support/database_errors'
import type { InvalidationFilter } from '#shared/fraud/invalidation_filter'
import { changePetitions } from '#models/petition_changes'

/** What a filter chooses now: its rows, those of them that count, and the bound it was read up to. */
export type InvalidationPreview = { signatures: number; counted: number; upToId: number }

/**
 * The WHERE clause of a filter over one petition's signatures: only active
 * rows not invalidated already (inactive ones count for nothing, and a
 * second invalidation never takes the rows of a first). A domain takes its
 * subdomains too (the validator admits letters, digits, dots and hyphens
 * only, so it holds no LIKE wildcard). Times are compared as stored, in UTC.
 */
function whereFilter(client: QueryClientContract, petitionId: number, filter: InvalidationFilter) {
  const format = client.dialect.dateTimeFormat
  const stored = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).toUTC().toFormat(format)
  const clauses = ['petition_id = ?', 'active = TRUE', 'invalidation_id IS NULL']
  const bindings: Array<string | number> = [petitionId]
  if (filter.network) {
    clauses.push('network_hash = ?')
    bindings.push(filter.network)
  }
  if (filter.domain) {
    clauses.push('(email_domain = ? OR email_domain LIKE ?)')
    bindings.push(filter.domain, `%.${filter.domain}`)
  }
  if (filter.from) {
    clauses.push('created_at >= ?')
    bindings.push(stored(filter.from))
  }
  if (filter.to) {
    clauses.push('created_at <= ?')
    bindings.push(stored(filter.to))
  }
  if (filter.unconfirmed) clauses.push('confirmed_at IS NULL')
  if (filter.upToId !== null) {
    clauses.push('id <= ?')
    bindings.push(filter.upToId)
  }
  return { sql: clauses.join(' AND '), bindings }
}

/**
 * How many signatures a filter chooses, and how many of them count
 * (confirmed): what the moderator sees before confirming. Reads only. The
 * count is bounded by the petition's newest signature now, and the
 * confirmation carries that bound, so it never marks signatures that came
 * in after the moderator saw the count.
 */
export async function previewInvalidation(
  petitionId: number,
  filter: Omit<InvalidationFilter, 'upToId'>
): Promise<InvalidationPreview> {
  const client = db.connection()
  const [newest] = await db.from('signatures').where('petition_id', petitionId).max('id as id')
  const upToId = Number(newest?.id ?? 0)
  const where = whereFilter(client, petitionId, { ...filter, upToId })
  const result = await client.rawQuery(
    `SELECT COUNT(*) AS signatures,
            COALESCE(SUM(CASE WHEN confirmed_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS counted
       FROM signatures WHERE ${where.sql}`,
    where.bindings
  )
  const [row] = rowsOf<{ signatures: number | string; counted: number | string }>(result)
  return { signatures: Number(row.signatures), counted: Number(row.counted), upToId }
}

type MarkedRow = {
  score: number | string
  country: string | null
  confirmed_at: unknown
  active?: number | boolean
  blocked_rule?: string | null
  receipt_secret: string | null
  identity_provider: string | null
}

function countedOf(rows: MarkedRow[]) {
  return rows
    .filter((row) => row.confirmed_at !== null && row.confirmed_at !== undefined)
    .map((row) => ({
      ...row,
      receiptSecret: row.receipt_secret,
      identityProvider: row.identity_provider,
    }))
}

/**
 * Invalidates the signatures of a petition a filter chooses (never
 * deleted): one conditional UPDATE marks them inactive with the
 * invalidation's id and returns each one's side, country and whether it was
 * confirmed as it was when marked; the confirmed ones leave the counts
 * through the counter, one delta per country and side. The invalidation's
 * row, the marks, the deltas and the audit trail's entry (with the filter
 * and the counts) commit together. A signature being confirmed meanwhile is
 * either marked after its confirmation committed, and subtracted, or
 * confirmed after the mark, and never added (the confirmation counts only
 * an active row). Null when the filter chooses nothing: nothing is stored.
 */
export async function invalidateSignatures(
  actor: User,
  petition: Petition,
  filter: InvalidationFilter,
  reason: string
) {
  const trx = await db.transaction()
  try {
    return await changePetitions(
      async ({ lockForSignatures }) => {
        await lockForSignatures(petition.id)
        const invalidation = await SignatureInvalidation.create(
          {
            petitionId: petition.id,
            createdBy: actor.id,
            actorName: actor.fullName || `#${actor.id}`,
            reason: reason.trim(),
            filter,
            signatures: 0,
            supportRemoved: 0,
            opposeRemoved: 0,
          },
          { client: trx }
        )
        const where = whereFilter(trx, petition.id, filter)
        const now = DateTime.utc().toFormat(trx.dialect.dateTimeFormat)
        const marked = rowsOf<MarkedRow>(
          await trx.rawQuery(
            `UPDATE signatures SET active = FALSE, invalidation_id = ?, updated_at = ?
          WHERE ${where.sql}
          RETURNING score, country, confirmed_at, receipt_secret, identity_provider`,
            [invalidation.id, now, ...where.bindings]
          )
        )
        if (marked.length === 0) {
          await trx.rollback()
          return null
        }
        const removed = await countSignatures(trx, petition.id, countedOf(marked), -1)
        invalidation.merge({
          signatures: marked.length,
          supportRemoved: -removed.support,
          opposeRemoved: -removed.oppose,
        })
        await invalidation.save()
        await ModerationEvent.record(trx, {
          actor,
          action: 'signatures_invalidated',
          petitionId: petition.id,
          reason: invalidation.reason,
          details: {
            invalidationId: invalidation.id,
            filter,
            signatures: invalidation.signatures,
            counted: invalidation.counted,
          },
        })
        // Its page shows the removal (and its last signatures lose them) at once.
        await trx.commit()
        await flushQuietly()
        return invalidation
      },
      { client: trx }
    )
  } catch (error) {
    if (!trx.isCompleted) await trx.rollback()
    throw error
  }
}

/**
 * Undoes an invalidation: its signatures active again (those withdrawn
 * since are gone, and one signed over since by a signer a rule stopped
 * stays inactive), the confirmed ones counted again through the counter,
 * the invalidation marked undone, all with an entry in the audit trail.
 * The conditional UPDATE of the invalidation makes a second undo (or two at
 * once) a no-op: false. Null when the petition has no such invalidation.
 */
export async function undoInvalidation(actor: User, petition: Petition, invalidationId: number) {
  const invalidation = await SignatureInvalidation.query()
    .where('id', invalidationId)
    .where('petition_id', petition.id)
    .first()
  if (!invalidation) return null
  const done = await changePetitions(async ({ trx, lockForSignatures }) => {
    await lockForSignatures(petition.id)
    const now = DateTime.utc().toFormat(trx.dialect.dateTimeFormat)
    const undone = await trx
      .from('signature_invalidations')
      .where('id', invalidation.id)
      .whereNull('undone_at')
      .update({ undone_at: now, undone_by: actor.id })
    if (affectedRows(undone) === 0) return false
    const restored = rowsOf<MarkedRow>(
      await trx.rawQuery(
        `UPDATE signatures SET active = (blocked_rule IS NULL), invalidation_id = NULL, updated_at = ?
          WHERE petition_id = ? AND invalidation_id = ?
          RETURNING score, country, confirmed_at, active, blocked_rule, receipt_secret,
                    identity_provider`,
        [now, petition.id, invalidation.id]
      )
    )
    // A row signed over since by someone a rule stopped stays out of the counts.
    const counted = countedOf(restored.filter((row) => Boolean(row.active)))
    await countSignatures(trx, petition.id, counted, 1)
    // Those confirmed become signatures a rule stopped, in that public count (a few at most).
    for (const stopped of countedOf(restored.filter((row) => !row.active))) {
      const signature = {
        petitionId: petition.id,
        score: Number(stopped.score),
        invalidationId: null,
      }
      await countUncounted(trx, { ...signature, blockedRule: stopped.blocked_rule ?? 'rule' }, 1)
    }
    await ModerationEvent.record(trx, {
      actor,
      action: 'signatures_restored',
      petitionId: petition.id,
      reason: invalidation.reason,
      details: {
        invalidationId: invalidation.id,
        filter: invalidation.filter,
        signatures: restored.length,
        counted: counted.length,
      },
    })
    return true
  })
  if (done) await flushQuietly()
  return done
}

/**
 * The moderator sees the counts move at once; a failed flush leaves the
 * deltas to the next one.
 */
async function flushQuietly() {
  await signatureCounter
    .flush()
    .catch((error) => logger.warn({ err: error }, 'signature counter flush failed'))
}

/** A petition's invalidations, newest first, for its moderation page. */
export function invalidationsOf(petitionId: number) {
  return SignatureInvalidation.query().where('petition_id', petitionId).orderBy('id', 'desc')
}

/**
 * What the public is told of a petition's invalidations, oldest first:
 * each one's date, reason, the counted signatures it removed and whether
 * it was undone. Never the filter nor who acted.
 */
export async function publicInvalidations(petitionId: number) {
  const rows = await SignatureInvalidation.query()
    .where('petition_id', petitionId)
    .orderBy('id', 'asc')
    .select('id', 'reason', 'support_removed', 'oppose_removed', 'created_at', 'undone_at')
  return rows.map((row) => ({
    date: row.createdAt.toUTC().toISO()!,
    reason: row.reason,
    signaturesRemoved: row.counted,
    undoneAt: row.undoneAt ? row.undoneAt.toUTC().toISO()! : null,
  }))
}

export type PublicInvalidation = Awaited<ReturnType<typeof publicInvalidations>>[number]
