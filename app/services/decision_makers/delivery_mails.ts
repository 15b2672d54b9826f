import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import Petition from '#models/petition'
import SendMailJob from '#jobs/send_mail_job'
import DecisionMakerMail, { type DeliveredPetition } from '#mails/decision_maker_mail'
import { signaturesByCountryOf } from '#services/petitions/signatures_by_country'
import { refreshAwaitingAnswer } from '#services/decision_makers/awaiting'
import { answerUrl, stopUrl } from '#services/decision_makers/links'
import { changePetitions } from '#models/petition_changes'
import { rowsOf } from '#support/database_errors'
import { site } from '#config/site'
import { DEFAULT_LOCALE, isLocale, type Locale } from '#app/i18n/locales'

/** Countries a delivery mail lists, the largest first. */
const MAIL_COUNTRIES = 10
/**
 * A delivery whose mail has not left is tried again after this long, up to
 * MAX_MAIL_ATTEMPTS times (four hours in all: past the per-address guard's
 * hour); then it stays unsent.
 */
export const RETRY_AFTER_MINUTES = 30
export const MAX_MAIL_ATTEMPTS = 8
/** Deliveries one retry run takes. */
const RETRY_BATCH = 200

type DeliveryRow = {
  id: number
  petition_id: number
  milestone: number
  name: string
  email: string
  letter_text: string
}

/**
 * Builds and queues the mails of these deliveries, leaving out those that
 * need none any more: mailed, answered, their address no longer approved or
 * stopped, their petition no longer public. One mail per address and
 * petition (an address entered for several recipients gets the first one's
 * letter); its receipt names every delivery it stands for, which count as
 * made once it left (`markDeliveriesSent`). Returns the mails queued.
 */
export async function mailDeliveries(deliveryIds: number[]) {
  if (deliveryIds.length === 0) return 0
  const rows: DeliveryRow[] = await db
    .from('recipient_deliveries')
    .join('letter_recipients', 'letter_recipients.id', 'recipient_deliveries.letter_recipient_id')
    .join('letters', 'letters.id', 'letter_recipients.letter_id')
    .whereIn('recipient_deliveries.id', deliveryIds)
    .whereNull('recipient_deliveries.sent_at')
    .whereNull('recipient_deliveries.answered_at')
    .whereExists((approved) =>
      approved
        .from('decision_maker_addresses')
        .select(db.raw('1'))
        .whereRaw('decision_maker_addresses.email = letter_recipients.email')
        .where('decision_maker_addresses.status', 'approved')
    )
    .whereNotExists((stopped) =>
      stopped
        .from('recipient_mail_stops')
        .select(db.raw('1'))
        .whereRaw('recipient_mail_stops.petition_id = recipient_deliveries.petition_id')
        .whereRaw('recipient_mail_stops.email = letter_recipients.email')
    )
    .select(
      'recipient_deliveries.id',
      'recipient_deliveries.petition_id',
      'recipient_deliveries.milestone',
      'letter_recipients.name',
      'letter_recipients.email',
      'letters.payload as letter_text'
    )
    .orderBy('recipient_deliveries.id')
  if (rows.length === 0) return 0
  const petitionIds = [...new Set(rows.map((row) => Number(row.petition_id)))]
  const [petitions, countries] = await Promise.all([
    Petition.query()
      .whereIn('id', petitionIds)
      .where('published', true)
      .whereNull('hidden_at')
      .preload('user'),
    signaturesByCountryOf(petitionIds),
  ])
  const mails: DecisionMakerMail[] = []
  for (const petition of petitions) {
    const locale: Locale = isLocale(petition.lang) ? petition.lang : DEFAULT_LOCALE
    const url = site.urlFor(locale) + urlFor('petitions.show', { slug: petition.slug })
    const byAddress = new Map<string, DeliveryRow[]>()
    for (const row of rows.filter((one) => Number(one.petition_id) === petition.id)) {
      byAddress.set(row.email, [...(byAddress.get(row.email) ?? []), row])
    }
    for (const [email, [first, ...others]] of byAddress) {
      const about: DeliveredPetition = {
        title: petition.title,
        target: petition.target,
        author: petition.user?.fullName ?? null,
        url,
        count: petition.supportCount,
        milestone: Number(first.milestone),
        countries: (countries.get(petition.id) ?? []).slice(0, MAIL_COUNTRIES),
      }
      const mail = new DecisionMakerMail(
        email,
        locale,
        about,
        { recipientName: first.name, text: first.letter_text },
        { answer: answerUrl(first, locale), stop: stopUrl(first, locale) }
      )
      mail.receipt = { recipientDeliveries: [first, ...others].map((row) => Number(row.id)) }
      mails.push(mail)
    }
  }
  return SendMailJob.dispatchMails(mails)
}

/**
 * The deliveries whose mail has left: each counts as made from that
 * moment (the recipient is now awaited), once. The petitions' awaited
 * answers follow, and their pages show it.
 */
export async function markDeliveriesSent(deliveryIds: number[], at = DateTime.utc()) {
  if (deliveryIds.length === 0) return
  await changePetitions(async ({ trx, mark }) => {
    const rows: Array<{ petition_id: number | string }> = rowsOf(
      await trx.rawQuery(
        `UPDATE recipient_deliveries SET sent_at = ?, mail_due_at = NULL
          WHERE id IN (${deliveryIds.map(() => '?').join(', ')}) AND sent_at IS NULL
          RETURNING petition_id`,
        [at.toFormat(trx.dialect.dateTimeFormat), ...deliveryIds]
      )
    )
    const petitionIds = [...new Set(rows.map((row) => Number(row.petition_id)))]
    for (const petitionId of petitionIds) await refreshAwaitingAnswer(petitionId, trx)
    mark('page', ...petitionIds)
  })
}

/**
 * Deliveries whose mail has not left by their due time (the per-address
 * guard dropped it, the queue failed it for good, a process died between
 * commit and queue) are mailed again, each claimed by one UPDATE that
 * moves its due time further, so that two runs never both take it. After
 * MAX_MAIL_ATTEMPTS a delivery stays unsent: its recipient is shown as not
 * contacted. Returns the mails queued.
 */
export async function retryUnsentDeliveries(now = DateTime.utc()) {
  const stamp = (at: DateTime) => at.toFormat(db.connection().dialect.dateTimeFormat)
  // Only a public petition's: a hidden one's deliveries wait, tries unspent, until it is public again.
  const due: Array<{ id: number | string }> = await db
    .from('recipient_deliveries')
    .whereNull('sent_at')
    .whereNull('answered_at')
    .where('mail_due_at', '<=', stamp(now))
    .where('mail_attempts', '<', MAX_MAIL_ATTEMPTS)
    .whereExists((visible) =>
      visible
        .from('petitions')
        .select(db.raw('1'))
        .whereRaw('petitions.id = recipient_deliveries.petition_id')
        .where('petitions.published', true)
        .whereNull('petitions.hidden_at')
    )
    .orderBy('mail_due_at')
    .limit(RETRY_BATCH)
    .select('id')
  if (due.length === 0) return 0
  const ids = due.map((row) => Number(row.id))
  const claimed: Array<{ id: number | string }> = rowsOf(
    await db.rawQuery(
      `UPDATE recipient_deliveries
          SET mail_attempts = mail_attempts + 1,
              mail_due_at = ?
        WHERE id IN (${ids.map(() => '?').join(', ')})
          AND sent_at IS NULL AND mail_due_at <= ?
        RETURNING id`,
      [stamp(now.plus({ minutes: RETRY_AFTER_MINUTES })), ...ids, stamp(now)]
    )
  )
  return mailDeliveries(claimed.map((row) => Number(row.id)))
}
