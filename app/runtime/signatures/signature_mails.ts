import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { mailGuard } from '#runtime/mail/mail_guard'
import { reportMailFailure } from '#runtime/mail/mail_delivery'
import { SMTP_CONNECTIONS } from '#config/mail'
import { isServiceUnavailable } from '#support/unavailable_services'
import { handOver, handsMailsOver } from '#support/mail_worker'
import { sendSignerMail, type DueMail } from '#runtime/signatures/signer_mail_messages'
import { clearSent, dueMails, takeAbandoned } from '#runtime/signatures/signature_outbox'

/** Signatures mailed per batch, and mails in flight at once (the SMTP pool's size). */
const BATCH_SIZE = 400
const SENDING_AT_ONCE = SMTP_CONNECTIONS
/**
 * Batches under way at once: one is read from the database or cleared
 * while another's mails are on the wire, so the connections never wait.
 */
const BATCHES_AT_ONCE = 2
const SWEEP_EVERY_MS = 15_000
/** A process that lost its database a moment ago tries its waiting links again this soon. */
const RETRY_AFTER_OUTAGE_MS = 2_000

/**
 * nodemailer's codes for a mail server that could not be reached or dropped
 * the connection (refused, reset, timed out, unknown host): every mail of
 * the moment would fail alike, unlike one address the server refuses.
 */
const SERVER_AWAY_CODES = new Set(['ESOCKET', 'ECONNECTION', 'ETIMEDOUT', 'EDNS'])

function isMailServerAway(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code
  return (typeof code === 'string' && SERVER_AWAY_CODES.has(code)) || isServiceUnavailable(error)
}

/** A batch stopped because the mail server is away; its unsent mails stay due. */
class MailServerAway extends Error {
  constructor(cause: unknown) {
    super('the mail server cannot be reached', { cause })
  }
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
 * mail. The request does nothing more: no job row, no mail rendered or
 * encrypted while the signer waits. Within milliseconds the ids go, many at
 * once, to the process that sends them: under the supervisor its mail
 * worker (support/mail_worker), else the process that stored them. The
 * sending process also sweeps up links that were left due (their process
 * died, or the mail server failed) and takes each with a conditional
 * UPDATE, so one process sends it. A mail may, rarely, go out twice (a
 * process dying between sending and clearing); none is lost.
 *
 * With the synchronous queue (tests) the link is mailed before the answer.
 */
export class SignatureMailer {
  #due = new Set<number>()
  /** Since the mail server stopped answering: said once, until a mail goes again. */
  #serverAway = false
  /** Stopping: nothing is tried again later (what is left stays due for a sweep). */
  #stopping = false
  #timer: NodeJS.Timeout | null = null
  #sweeper: NodeJS.Timeout | null = null
  #batches = new Set<Promise<void>>()
  /** The ids of the batches under way. */
  #sending = new Set<number>()

  constructor(private delayMs = 10) {}

  get #inline() {
    return app.config.get<string>('queue.default') === 'sync'
  }

  /** A signature was stored with its link due (after its transaction committed). */
  async due(signatureId: number) {
    if (this.#inline) return this.deliver([signatureId]).catch((error) => this.#failed(error))
    this.#due.add(signatureId)
    this.#sendIn(this.delayMs)
  }

  #sendIn(delayMs: number) {
    if (this.#timer) return
    this.#timer = setTimeout(() => {
      this.#timer = null
      if (!handsMailsOver() || !this.#handOver()) this.#pump()
    }, delayMs)
  }

  /** In the mail worker: ids handed over by a web worker. */
  take(ids: number[]) {
    for (const id of ids) this.#due.add(id)
    this.#pump()
  }

  /** The waiting ids go to the mail worker; false when it cannot be reached. */
  #handOver() {
    if (!this.#due.size || !handOver([...this.#due])) return false
    this.#due.clear()
    return true
  }

  /** Starts batches of the waiting ids, while fewer than BATCHES_AT_ONCE are under way. */
  #pump() {
    while (this.#due.size && this.#batches.size < BATCHES_AT_ONCE) {
      const ids: number[] = []
      for (const id of this.#due) {
        ids.push(id)
        this.#due.delete(id)
        if (ids.length === BATCH_SIZE) break
      }
      let away = false
      for (const id of ids) this.#sending.add(id)
      const batch: Promise<void> = this.deliver(ids)
        .catch((error) => {
          // The database or the mail server went away (a restart): these links
          // wait here and go once it is back, not at the sweep half a minute later.
          if (!this.#failed(error) || this.#stopping) return
          away = true
          for (const id of ids) this.#due.add(id)
          this.#sendIn(RETRY_AFTER_OUTAGE_MS)
        })
        .finally(() => {
          for (const id of ids) this.#sending.delete(id)
          this.#batches.delete(batch)
          if (!away) this.#pump()
        })
      this.#batches.add(batch)
    }
  }

  /** Mails every link this process has waiting; resolves once they are sent. */
  async flush() {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    this.#pump()
    while (this.#batches.size) await Promise.race(this.#batches)
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
    const links = await dueMails(ids)
    const done: DueMail[] = []
    let serverAway: unknown = null
    await eachAtMost(links, SENDING_AT_ONCE, async (link) => {
      // The mail server is away: the batch's other mails stay due, not each tried and logged.
      if (serverAway) return
      try {
        if (await mailGuard.admit([link.email])) await sendSignerMail(link)
        done.push(link)
      } catch (error) {
        if (isMailServerAway(error)) {
          serverAway ??= error
          return
        }
        await reportMailFailure(error, 'a confirmation link could not be mailed', {
          signatureId: link.id,
        })
      }
    })
    if (done.length) await clearSent(done)
    if (serverAway) {
      // Said once per batch: the #failed log tells the outage itself.
      await reportMailFailure(null, 'the mail server is away')
      throw new MailServerAway(serverAway)
    }
    if (done.length && this.#serverAway) {
      logger.info('the mail server answers again')
      this.#serverAway = false
    }
  }

  /**
   * Logs why mailing failed, a mail server that went away once until it
   * answers again; whether the failure is an outage (the mails go again soon).
   */
  #failed(error: unknown) {
    if (error instanceof MailServerAway) {
      if (!this.#serverAway) {
        logger.warn({ err: error.cause }, 'the mail server cannot be reached: signer mails wait')
      }
      this.#serverAway = true
      return true
    }
    logger.error({ err: error }, 'mailing confirmation links failed')
    return isServiceUnavailable(error)
  }

  /**
   * Takes the links left due for longer than a process takes to send them
   * and mails them, a batch at a time until none is left. One UPDATE takes
   * a batch: it moves their due time to now, so a second sweeping process
   * no longer finds them abandoned. Links this process holds (waiting, or
   * on their way) are left to it: behind a long queue they look abandoned,
   * and mailing them here too sent them twice. The number mailed here.
   */
  async sweep() {
    let swept = 0
    for (;;) {
      const taken = await takeAbandoned(BATCH_SIZE)
      const abandoned = taken.filter((id) => !this.#due.has(id) && !this.#sending.has(id))
      if (abandoned.length) await this.deliver(abandoned)
      swept += abandoned.length
      if (taken.length < BATCH_SIZE) return swept
    }
  }

  /** Sweeps now and then while the process runs (the first sweep at once: a crash may have left links). */
  startSweeping() {
    this.#stopping = false
    if (this.#sweeper) return
    let sweeping = false
    const sweep = () => {
      if (sweeping) return
      sweeping = true
      this.sweep()
        .catch((error) => this.#failed(error))
        .finally(() => (sweeping = false))
    }
    sweep()
    this.#sweeper = setInterval(sweep, SWEEP_EVERY_MS)
    this.#sweeper.unref()
  }

  /** At shutdown: the links this process still holds go out now (or to the mail worker). */
  async stop() {
    this.#stopping = true
    if (this.#sweeper) clearInterval(this.#sweeper)
    this.#sweeper = null
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    if (handsMailsOver() && this.#handOver()) return
    await this.flush().catch((error) =>
      logger.warn({ err: error }, 'mailing confirmation links at shutdown failed')
    )
  }
}

export const signatureMails = new SignatureMailer()
