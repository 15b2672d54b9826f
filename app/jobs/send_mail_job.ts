import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import encryption from '@adonisjs/core/services/encryption'
import logger from '@adonisjs/core/services/logger'
import type BaseSiteMail from '#mails/base_site_mail'
import { mailGuard } from '#runtime/mail/mail_guard'
import {
  MAIL_RETRIES,
  defaultMailerName,
  reportMailFailure,
  sendCompiledMail,
  type CompiledMail,
} from '#runtime/mail/mail_delivery'
import MailDelivered, { type MailReceipt } from '#events/mail_delivered'

type QueuedMail = CompiledMail & { sendConfig?: unknown }

type SendMailPayload = (
  | {
      mailerName: string
      /** The mail, encrypted with the app's key (see `sealMail`). */
      sealed: string
    }
  // Jobs queued by a release that did not encrypt mails yet.
  | ({ mailerName: string } & QueuedMail)
) & {
  /** Told once the mail has left (`MailDelivered`): ids, nothing secret. */
  receipt?: MailReceipt
}

const PURPOSE = 'queued-mail'

/**
 * A mail as it waits in the queue: encrypted, because mails carry secrets
 * (password-reset and confirmation links) and the queue keeps its jobs in
 * the database, where backups and anyone who reads the table would see them.
 */
function sealMail(queued: QueuedMail) {
  return encryption.encrypt(queued, undefined, PURPOSE)
}

function addressesOf(recipients: unknown): string[] {
  if (!Array.isArray(recipients)) return []
  return recipients.map((recipient) =>
    typeof recipient === 'string' ? recipient : String((recipient as { address: string }).address)
  )
}

/**
 * Every e-mail leaves through this one job: the request only queues it, and
 * retries with back-off happen here, in one place. A job's row is deleted as
 * soon as the mail is sent, and when it fails for good too: the failure is
 * logged (without the mail), so that no link outlives its delivery.
 */
export default class SendMailJob extends Job<SendMailPayload> {
  static options: JobOptions = {
    queue: 'default',
    maxRetries: MAIL_RETRIES,
    removeOnComplete: true,
    removeOnFail: true,
  }

  /**
   * The one way a mail of the site leaves: each is built (its texts resolved
   * in its reader's language), checked against its recipients' hourly
   * allowances when it is guarded, sealed and queued, one job each, in one
   * write. A mail over a recipient's allowance is dropped silently, so that
   * the answer of the form that asked for it stays the same and tells
   * nothing about accounts. Returns how many were queued.
   */
  static async dispatchMails(mails: BaseSiteMail[]): Promise<number> {
    const mailerName = defaultMailerName()
    const payloads: SendMailPayload[] = []
    for (const message of mails) {
      await message.build()
      const compiled = message.message.toObject()
      if (message.guarded) {
        const { to, cc, bcc } = compiled.message
        const recipients = [to, cc, bcc].flatMap(addressesOf)
        if (!(await mailGuard.admit(recipients, message.guardedAs))) continue
      }
      payloads.push({
        mailerName,
        sealed: sealMail({ message: compiled.message, views: compiled.views }),
        ...(message.receipt ? { receipt: message.receipt } : {}),
      })
    }
    if (payloads.length > 0) await SendMailJob.dispatchMany(payloads)
    return payloads.length
  }

  async execute() {
    const { mailerName } = this.payload
    const queued =
      'sealed' in this.payload
        ? encryption.decrypt<QueuedMail>(this.payload.sealed, PURPOSE)
        : this.payload
    // Sealed with another key (APP_KEY changed): it can never be opened.
    if (!queued) {
      logger.error('a queued mail could not be decrypted and is dropped')
      await reportMailFailure(null, 'a queued mail could not be decrypted')
      return
    }
    try {
      await sendCompiledMail(
        { message: queued.message, views: queued.views },
        mailerName,
        queued.sendConfig
      )
    } catch (error) {
      await reportMailFailure(null, 'a queued mail could not be sent')
      // The queue tries it again later, up to maxRetries.
      throw error
    }
    if (this.payload.receipt) await MailDelivered.tell(this.payload.receipt)
  }

  async failed(error: Error) {
    logger.error({ err: error }, 'a mail could not be sent after its retries and is dropped')
  }
}
