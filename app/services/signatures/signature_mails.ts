import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import { urlFor } from '@adonisjs/core/services/url_builder'
import SignatureConfirmationMail from '#mails/signature_confirmation_mail'
import SignatureConfirmedMail from '#mails/signature_confirmed_mail'
import SignedAgainMail from '#mails/signed_again_mail'
import { mailGuard } from '#services/mail/mail_guard'
import MailFailed from '#events/mail_failed'
import { site } from '#config/site'
import { SMTP_CONNECTIONS } from '#config/mail'
import { rowsOf } from '#support/database_errors'
import { storedDateTime } from '#support/stored_dates'
import { isServiceUnavailable } from '#support/unavailable_services'
import { confirmationUrl, withdrawUrl } from '#services/signatures/signature_links'
import { isLocale, DEFAULT_LOCALE } from '#app/i18n/locales'

/** Signatures mailed per batch, and mails in flight at once (the SMTP pool's size). */
const BATCH_SIZE = 400
const SENDING_AT_ONCE = SMTP_CONNECTIONS
/** A link still due this long after it was due was not sent by its process: anyone sends it. */
const ABANDONED_AFTER_MS = 30_000
const SWEEP_EVERY_MS = 15_000
/** A process that lost its database a moment ago tries its waiting links again this soon. */
const RETRY_AFTER_OUTAGE_MS = 2_000
/** Retries of a link whose sending keeps failing; the signature is pruned with its link anyway. */
const MAX_ATTEMPTS = 5

type DueMail = {
  id: number
  email: string
  first_name: string
  last_name: string
  locale: string
  confirmation_token: string | null
  confirmed_at: unknown
  signed_again_at: unknown
  created_at: unknown
  title: string
  slug: string
  support_count: number | string
  target_signatures: number | string
  /** The standing invalidation that took it out of the counts: public, told to its signer. */
  removed_at: Date | string | null
  removed_reason: string | null
}

/** Runs `work` on every item, at most `limit` at a time. */
async function eachAtMost<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0
  const lane = async () => {
    while (next < items.length) await work(items[next++])
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
}

/**
 * Mails what a signer gets: the confirmation link of a new signature, and
 * once it is confirmed (by that link, or at once for a verified member) the
 * notice that it counts. Both carry the link that withdraws it. The
 * signature row is the outbox: signing or confirming sets
 * `link_mail_due_at` in the same write, and this mailer clears that mark
 * once the mail has gone out; whether the row is confirmed then picks the
 * mail. The request
 * does nothing more: no job row, no mail rendered or encrypted while the
 * signer waits. The process that stored a signature mails it within
 * milliseconds, many at once; every process also sweeps up links that were
 * left due (their process died, or the mail server failed) and takes each
 * with a conditional UPDATE, so one process sends it. A mail may, rarely,
 * go out twice (a process dying between sending and clearing); none is lost.
 *
 * With the synchronous queue (tests) the link is mailed before the answer.
 */
export class SignatureMailer {
  #due = new Set<number>()
  #timer: NodeJS.Timeout | null = null
  #sweeper: NodeJS.Timeout | null = null
  #sending: Promise<void> | null = null

  constructor(private delayMs = 10) {}

  get #inline() {
    return app.config.get<string>('queue.default') === 'sync'
  }

  /** A signature was stored with its link due (after its transaction committed). */
  async due(signatureId: number) {
    if (this.#inline) return this.deliver([signatureId])
    this.#due.add(signatureId)
    this.#flushIn(this.delayMs)
  }

  #flushIn(delayMs: number) {
    if (this.#timer) return
    this.#timer = setTimeout(() => {
      this.#timer = null
      this.flush().catch((error) =>
        logger.error({ err: error }, 'mailing confirmation links failed')
      )
    }, delayMs)
  }

  /** Mails every link this process has waiting; resolves once they are sent. */
  async flush() {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    while (this.#sending) await this.#sending
    const ids = [...this.#due]
    this.#due.clear()
    if (!ids.length) return
    this.#sending = (async () => {
      for (let start = 0; start < ids.length; start += BATCH_SIZE) {
        try {
          await this.deliver(ids.slice(start, start + BATCH_SIZE))
        } catch (error) {
          // The database went away (a restart): these links wait here and go
          // once it is back, not at the sweep half a minute later.
          if (!isServiceUnavailable(error)) throw error
          for (const id of ids.slice(start)) this.#due.add(id)
          this.#flushIn(RETRY_AFTER_OUTAGE_MS)
          throw error
        }
      }
    })().finally(() => (this.#sending = null))
    await this.#sending
  }

  /**
   * Mails these signatures' mails that are still due, then clears the
   * mark of those sent, only while the row still has the token and the
   * state its mail carried (a replacement in between is due again, with a
   * new link; a confirmation, with its notice). A
   * recipient over the hourly mail allowance gets nothing and is cleared
   * too; a failed sending stays due for the sweep.
   */
  async deliver(ids: number[]) {
    const links: DueMail[] = await db
      .from('signatures')
      .join('petitions', 'petitions.id', 'signatures.petition_id')
      .leftJoin(
        'signature_invalidations',
        'signature_invalidations.id',
        'signatures.invalidation_id'
      )
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
    const done: DueMail[] = []
    await eachAtMost(links, SENDING_AT_ONCE, async (link) => {
      try {
        if (await mailGuard.admit([link.email])) await mail.send(signerMail(link))
        done.push(link)
      } catch (error) {
        logger.warn({ err: error, signatureId: link.id }, 'a confirmation link could not be mailed')
        await MailFailed.tell()
      }
    })
    if (!done.length) return
    await db
      .from('signatures')
      .where((query) => {
        for (const link of done) {
          query.orWhere((row) =>
            row
              .where('id', link.id)
              .if(
                link.confirmation_token === null,
                (token) => token.whereNull('confirmation_token'),
                (token) => token.where('confirmation_token', link.confirmation_token!)
              )
              // Confirmed while its link was on the way: the notice is still due.
              .if(
                link.confirmed_at,
                (state) => state.whereNotNull('confirmed_at'),
                (state) => state.whereNull('confirmed_at')
              )
          )
        }
      })
      .update({ link_mail_due_at: null })
  }

  /**
   * Takes the links left due for longer than a process takes to send them
   * and mails them. One UPDATE takes them: it moves their due time to now,
   * so a second sweeping process no longer finds them abandoned.
   */
  async sweep() {
    const now = DateTime.utc()
    const format = db.connection().dialect.dateTimeFormat
    const cutoff = now.minus({ milliseconds: ABANDONED_AFTER_MS }).toFormat(format)
    const result = await db.rawQuery(
      `UPDATE signatures
          SET link_mail_due_at = ?, link_mail_attempts = link_mail_attempts + 1
        WHERE link_mail_due_at < ?
          AND id IN (SELECT id FROM signatures
                      WHERE link_mail_due_at < ? AND link_mail_attempts < ?
                      LIMIT ?)
        RETURNING id`,
      [now.toFormat(format), cutoff, cutoff, MAX_ATTEMPTS, BATCH_SIZE]
    )
    const taken = rowsOf<{ id: number | string }>(result).map((row) => Number(row.id))
    if (taken.length) await this.deliver(taken)
    return taken.length
  }

  /** Sweeps now and then while the web process runs (the first sweep at once: a crash may have left links). */
  startSweeping() {
    if (this.#sweeper) return
    const sweep = () =>
      this.sweep().catch((error) => logger.error({ err: error }, 'sweeping due links failed'))
    void sweep()
    this.#sweeper = setInterval(sweep, SWEEP_EVERY_MS)
    this.#sweeper.unref()
  }

  /** At shutdown: the links this process still holds go out now. */
  async stop() {
    if (this.#sweeper) clearInterval(this.#sweeper)
    this.#sweeper = null
    await this.flush().catch((error) =>
      logger.warn({ err: error }, 'mailing confirmation links at shutdown failed')
    )
  }
}

/**
 * The confirmation link while unconfirmed; once confirmed, the same notice
 * with the petition's count for every signer, or, for a signature that
 * moderators removed from the count, that and their reason. A confirmed
 * signature is mailed that notice once, when it is confirmed; a later due
 * mail on it is the notice that its address signed again (`signed_again_at`,
 * set only on a confirmed row with no mail due).
 */
function signerMail(link: DueMail) {
  const locale = isLocale(link.locale) ? link.locale : DEFAULT_LOCALE
  const signer = { email: link.email, firstName: link.first_name }
  const signature = { id: link.id, confirmationToken: link.confirmation_token }
  const petition = {
    title: link.title,
    url: site.urlFor(locale) + urlFor('petitions.show', { slug: link.slug }),
    count: { supporters: Number(link.support_count), target: Number(link.target_signatures) },
  }
  const removal =
    link.removed_at && link.removed_reason !== null
      ? { date: storedDateTime(link.removed_at)!.toJSDate(), reason: link.removed_reason }
      : null
  const withdraw = withdrawUrl(signature, locale)
  if (link.confirmed_at && link.signed_again_at) {
    const signedOn = storedDateTime(link.created_at)!
    return new SignedAgainMail(signer, locale, petition, signedOn, withdraw)
  }
  return link.confirmed_at
    ? new SignatureConfirmedMail(signer, locale, petition, withdraw, removal)
    : new SignatureConfirmationMail(
        signer,
        locale,
        petition,
        confirmationUrl(signature, locale),
        withdraw
      )
}

export const signatureMails = new SignatureMailer()
