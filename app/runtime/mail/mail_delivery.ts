import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import type { BaseMail } from '@adonisjs/mail'
import type { MessageBodyTemplates, NodeMailerMessage } from '@adonisjs/mail/types'
import MailFailed from '#events/mail_failed'

/**
 * The one place a mail of the site leaves for the mail server. Two ways
 * lead here, each with its outbox: queued mails (`SendMailJob`, sealed in
 * the queue) and signers' mails (the signature row is their outbox,
 * `runtime/signatures/signature_mails`). Both pass the per-recipient guard
 * (`mail_guard`) before they are stored or sent, and report a failure here.
 */

/** A mail compiled by @adonisjs/mail (its message and its views). */
export type CompiledMail = { message: NodeMailerMessage; views: MessageBodyTemplates }

/**
 * A queued mail the server refused or did not take is tried again this
 * many times, with the queue's back-off. A signer's mail stays due in its
 * row and goes with the next sweep, for as long as the mail server is away.
 */
export const MAIL_RETRIES = 5

/** Sends a compiled mail through a mailer (the default one unless named). */
export function sendCompiledMail(
  compiled: CompiledMail,
  mailerName?: string,
  sendConfig?: unknown
) {
  const mailer = mailerName ? mail.use(mailerName as any) : mail.use()
  return mailer.sendCompiled(compiled, sendConfig as any)
}

/** Renders and sends a mail at once, for the mails that cannot be a template. */
export function sendMailNow(built: BaseMail) {
  return mail.send(built)
}

/** The site's sender, as the mailer sets it on every mail. */
export function siteSender() {
  const from = mail.use().config.from
  return typeof from === 'string' ? { address: from, name: '' } : from!
}

/** The name of the default mailer, kept with a queued mail so that it leaves through the same. */
export function defaultMailerName() {
  return mail.use().name
}

/**
 * A mail could not be sent this time: logged (without the mail, which
 * carries links) and told to the metrics and the health check.
 */
export async function reportMailFailure(error: unknown, what: string, context: object = {}) {
  if (error) logger.warn({ err: error, ...context }, what)
  await MailFailed.tell()
}
