import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { rowsOf } from '#support/database_errors'
import type { DueMail } from '#runtime/signatures/signer_mail_messages'
import { CONFIRMED, UNCONFIRMED } from '#support/signature_states'

/**
 * The signature rows as their mails' outbox (`link_mail_due_at`): what the
 * mailer reads, clears and takes back (runtime/signatures/signature_mails).
 */

/** A link still due this long after it was due was not sent by its process: anyone sends it. */
const ABANDONED_AFTER_MS = 30_000
/** Retries of a link whose sending keeps failing; the signature is pruned with its link anyway. */
const MAX_ATTEMPTS = 5
/** Tries at clearing sent mails before they are left due (and sent again by a sweep). */
const CLEAR_TRIES = 3

/** These signatures' mails that are still due, with what each says of its petition. */
export async function dueMails(ids: number[]): Promise<DueMail[]> {
  return db
    .from('signatures')
    .join('petitions', 'petitions.id', 'signatures.petition_id')
    .leftJoin('signature_invalidations', 'signature_invalidations.id', 'signatures.invalidation_id')
    .whereIn('signatures.id', ids)
    .whereNotNull('signatures.link_mail_due_at')
    .select(
      'signatures.id',
      'signatures.email',
      'signatures.first_name',
      'signatures.last_name',
      'signatures.locale',
      'signatures.confirmation_token',
      'signatures.confirmed_at',
      'signatures.signed_again_at',
      'signatures.created_at',
      'petitions.title',
      'petitions.slug',
      'petitions.support_count',
      'petitions.target_signatures',
      'signature_invalidations.created_at as removed_at',
      'signature_invalidations.reason as removed_reason'
    )
}

/**
 * Clears the mark of the mails sent, only on rows that still have the token
 * and the state each mail carried (a replacement in between is due again,
 * with a new link; a confirmation, with its notice). Tokens are random and
 * new on every replacement, so a row matches by its id and one of the
 * tokens sent. It writes in a transaction of its own: on SQLite a
 * transaction waits its turn for the write lock beside the signatures'
 * (config/database.ts), where a lone statement could wait in vain while
 * they follow one another, asleep inside the driver.
 */
export async function clearSent(sent: DueMail[]) {
  // No mail: no row to clear (an empty condition would clear them all).
  if (sent.length === 0) return
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((trx) =>
        trx
          .from('signatures')
          .where((query) => {
            for (const confirmed of [false, true]) {
              // Confirmed while its link was on the way: the notice is still due.
              const inState = sent.filter((link) => Boolean(link.confirmed_at) === confirmed)
              const state = (row: typeof query) => row.whereRaw(confirmed ? CONFIRMED : UNCONFIRMED)
              const tokens = inState.filter((link) => link.confirmation_token !== null)
              if (tokens.length) {
                query.orWhere((row) =>
                  state(row)
                    .whereIn(
                      'id',
                      tokens.map((link) => link.id)
                    )
                    .whereIn(
                      'confirmation_token',
                      tokens.map((link) => link.confirmation_token!)
                    )
                )
              }
              const none = inState.filter((link) => link.confirmation_token === null)
              if (none.length) {
                query.orWhere((row) =>
                  state(row)
                    .whereIn(
                      'id',
                      none.map((link) => link.id)
                    )
                    .whereNull('confirmation_token')
                )
              }
            }
          })
          .update({ link_mail_due_at: null })
      )
    } catch (error) {
      if (attempt >= CLEAR_TRIES) throw error
      logger.warn({ err: error, attempt }, 'clearing sent signer mails failed: trying again')
    }
  }
}

/**
 * Takes up to `limit` links left due (a dead process's, a failed send's):
 * one UPDATE moves their due time to now, so that a second sweeping
 * process no longer finds them abandoned. Their ids.
 */
export async function takeAbandoned(limit: number) {
  const now = DateTime.utc()
  const format = db.connection().dialect.dateTimeFormat
  const cutoff = now.minus({ milliseconds: ABANDONED_AFTER_MS }).toFormat(format)
  const result = await db.transaction((trx) =>
    trx.rawQuery(
      `UPDATE signatures
          SET link_mail_due_at = ?, link_mail_attempts = link_mail_attempts + 1
        WHERE link_mail_due_at < ?
          AND id IN (SELECT id FROM signatures
                      WHERE link_mail_due_at < ? AND link_mail_attempts < ?
                      LIMIT ?)
        RETURNING id`,
      [now.toFormat(format), cutoff, cutoff, MAX_ATTEMPTS, limit]
    )
  )
  return rowsOf<{ id: number | string }>(result).map((row) => Number(row.id))
}
