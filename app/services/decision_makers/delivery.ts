import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { ChainableContract, RawQuery } from '@adonisjs/lucid/types/querybuilder'
import { urlFor } from '@adonisjs/core/services/url_builder'
import Petition from '#models/petition'
import LetterRecipient from '#models/letter_recipient'
import RecipientDelivery from '#models/recipient_delivery'
import SendMailJob from '#jobs/send_mail_job'
import DecisionMakerMail, { type DeliveredPetition } from '#mails/decision_maker_mail'
import { milestonesOf, reachedMilestone } from '#shared/petitions/milestones'
import { signaturesByCountry } from '#services/petitions/signatures_by_country'
import { site } from '#config/site'
import { refreshAwaitingAnswer } from '#services/decision_makers/awaiting'
import { answerUrl, stopUrl } from '#services/decision_makers/links'
import { DEFAULT_LOCALE, isLocale, type Locale } from '#app/i18n/locales'

/** Countries a delivery mail lists, the largest first. */
const MAIL_COUNTRIES = 10

/**
 * The petitions among `petitionIds` that have something to deliver: their
 * support reached the milestone the counter watches for, or (`edited`: a
 * change that was not a count) a recipient with an address has not been
 * mailed the last milestone reached, as when the owner adds one. One query
 * for all of them; public petitions only.
 */
export async function petitionsToDeliver(petitionIds: number[], edited: boolean) {
  if (petitionIds.length === 0) return []
  const rows: Array<{ id: number | string }> = await db
    .from('petitions')
    .whereIn('id', petitionIds)
    .where('published', true)
    .whereNull('hidden_at')
    .where((due) => {
      due.where((reached) =>
        reached.whereNotNull('next_milestone').whereRaw('support_count >= next_milestone')
      )
      if (edited) {
        due.orWhere((waiting) =>
          waiting.where('milestone_reached', '>', 0).whereExists(
            whereUndelivered(db.from('letter_recipients'), {
              petitionId: db.raw('petitions.id'),
              milestone: db.raw('petitions.milestone_reached'),
            }).select(db.raw('1'))
          )
        )
      }
    })
    .select('id')
  return rows.map((row) => Number(row.id))
}

/** A petition's id and milestone: values, or the columns of the outer query's row. */
type DeliveryOf = { petitionId: number | RawQuery; milestone: number | RawQuery }

/**
 * Narrows a query of letter_recipients to the petition's recipients that
 * have an address, have not been mailed the milestone, and whose address
 * has not stopped the petition's mails.
 */
function whereUndelivered<Query extends ChainableContract>(query: Query, of: DeliveryOf) {
  return query
    .join('letters', 'letters.id', 'letter_recipients.letter_id')
    .where('letters.petition_id', of.petitionId)
    .whereNotNull('letter_recipients.email')
    .whereNotExists((delivered) =>
      delivered
        .from('recipient_deliveries')
        .select(db.raw('1'))
        .whereRaw('recipient_deliveries.letter_recipient_id = letter_recipients.id')
        .where('recipient_deliveries.milestone', of.milestone)
    )
    .whereNotExists((stopped) =>
      stopped
        .from('recipient_mail_stops')
        .select(db.raw('1'))
        .where('recipient_mail_stops.petition_id', of.petitionId)
        .whereRaw('recipient_mail_stops.email = letter_recipients.email')
    )
}

/**
 * Mails the petition to each of its addressed recipients for the highest
 * milestone its confirmed support has reached, once per recipient and
 * milestone. The petition's row is locked and the milestone claimed in one
 * transaction, so concurrent flushes, jobs and nodes deliver it once; the
 * unique (recipient, milestone) key holds it too. Several milestones passed
 * at once are one mail, for the highest. A recipient who stopped the mails
 * of this petition, by address, gets none. The mails are queued once the
 * deliveries are stored: a crash in between loses a mail rather than
 * sending one twice. Returns the mails queued.
 */
export async function deliverMilestone(petitionId: number, now: DateTime = DateTime.utc()) {
  const delivered = await db.transaction(async (trx) => {
    const petition = await Petition.query({ client: trx })
      .where('id', petitionId)
      .forUpdate()
      .first()
    if (!petition || !petition.isPublic) return null
    const milestones = milestonesOf(petition.targetSignatures, petition.milestones)
    const reached = reachedMilestone(milestones, petition.supportCount)
    petition.useTransaction(trx)
    if (reached > petition.milestoneReached) petition.milestoneReached = reached
    const milestone = petition.milestoneReached
    if (milestone === 0) {
      await petition.save()
      return null
    }
    const recipients = await whereUndelivered(LetterRecipient.query({ client: trx }), {
      petitionId: petition.id,
      milestone,
    })
      .select('letter_recipients.*', 'letters.payload as letter_text')
      .orderBy('letter_recipients.id')
    const deliveries = await RecipientDelivery.createMany(
      recipients.map((recipient) => ({
        petitionId: petition.id,
        letterRecipientId: recipient.id,
        milestone,
        deliveredAt: now,
      })),
      { client: trx }
    )
    await petition.save()
    if (deliveries.length > 0) await refreshAwaitingAnswer(petition.id, trx)
    return { petition, milestone, recipients, deliveries }
  })
  if (!delivered || delivered.deliveries.length === 0) return 0

  const { petition, milestone, recipients, deliveries } = delivered
  const countries = await signaturesByCountry(petition.id)
  const locale: Locale = isLocale(petition.lang) ? petition.lang : DEFAULT_LOCALE
  const about: DeliveredPetition = {
    title: petition.title,
    target: petition.target,
    url: site.urlFor(locale) + urlFor('petitions.show', { slug: petition.slug }),
    count: petition.supportCount,
    milestone,
    countries: countries.slice(0, MAIL_COUNTRIES),
  }
  // One mail per address: an address entered for several recipients (or
  // letters) gets the first one's letter, not a mail for each.
  const mailed = new Set<string>()
  const mails = deliveries.flatMap((delivery, index) => {
    const recipient = recipients[index]
    if (mailed.has(recipient.email!)) return []
    mailed.add(recipient.email!)
    return new DecisionMakerMail(
      recipient.email!,
      locale,
      about,
      { recipientName: recipient.name, text: recipient.$extras.letter_text as string },
      { answer: answerUrl(delivery, locale), stop: stopUrl(delivery, locale) }
    )
  })
  return SendMailJob.dispatchMails(mails)
}
