import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { ChainableContract, RawQuery } from '@adonisjs/lucid/types/querybuilder'
import { changePetitions } from '#models/petition_changes'
import PetitionMilestoneReached from '#events/petition_milestone_reached'
import LetterRecipient from '#models/letter_recipient'
import RecipientDelivery from '#models/recipient_delivery'
import { milestonesOf, reachedMilestone } from '#shared/petitions/milestones'
import { mailDeliveries, RETRY_AFTER_MINUTES } from '#services/decision_makers/delivery_mails'

/**
 * The petitions among `petitionIds` that have something to deliver: their
 * support reached the milestone the counter watches for, or (`edited`: a
 * change that was not a count) a recipient with an approved address has
 * not been mailed the last milestone reached, as when the owner adds one
 * or a moderator approves an address. One query for all of them; public
 * petitions only.
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
 * Narrows a query of letter_recipients to the petition's recipients whose
 * address a moderator approved, that have not been mailed the milestone
 * (neither they nor their address, entered for a recipient since
 * removed), and whose address has not stopped the petition's mails.
 */
function whereUndelivered<Query extends ChainableContract>(query: Query, of: DeliveryOf) {
  return query
    .join('letters', 'letters.id', 'letter_recipients.letter_id')
    .where('letters.petition_id', of.petitionId)
    .whereNotNull('letter_recipients.email')
    .whereExists((approved) =>
      approved
        .from('decision_maker_addresses')
        .select(db.raw('1'))
        .whereRaw('decision_maker_addresses.email = letter_recipients.email')
        .where('decision_maker_addresses.status', 'approved')
    )
    .whereNotExists((delivered) =>
      delivered
        .from('recipient_deliveries')
        .select(db.raw('1'))
        .whereRaw('recipient_deliveries.letter_recipient_id = letter_recipients.id')
        .where('recipient_deliveries.milestone', of.milestone)
    )
    .whereNotExists((mailed) =>
      mailed
        .from('recipient_mailed_addresses')
        .select(db.raw('1'))
        .where('recipient_mailed_addresses.petition_id', of.petitionId)
        .whereRaw('recipient_mailed_addresses.email = letter_recipients.email')
        .where('recipient_mailed_addresses.milestone', of.milestone)
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
 * Mails the petition to each of its recipients with an approved address
 * for the highest milestone its confirmed support has reached, once per
 * recipient and milestone. The petition's row is locked and the milestone
 * claimed in one transaction, so concurrent flushes, jobs and nodes
 * deliver it once; the unique (recipient, milestone) key holds it too.
 * Several milestones passed at once are one mail, for the highest. A
 * recipient who stopped the mails of this petition, by address, gets none.
 * The delivery is the mail's outbox: stored first, mailed once it commits,
 * and it counts as made only once its mail left (`sentAt`); a mail that did
 * not leave (dropped, lost in a crash) is tried again by the retry job.
 * Returns the mails queued.
 */
export async function deliverMilestone(petitionId: number, now: DateTime = DateTime.utc()) {
  const deliveries = await changePetitions(async ({ trx, lock }) => {
    // The milestone reached is the deliveries' bookkeeping: its page does not change.
    const petition = await lock({ id: petitionId }, null)
    if (!petition || !petition.isPublic) return []
    const milestones = milestonesOf(petition.targetSignatures, petition.milestones)
    const reached = reachedMilestone(milestones, petition.supportCount)
    petition.useTransaction(trx)
    if (reached > petition.milestoneReached) {
      petition.milestoneReached = reached
      // Reached now, once: the row is locked, and a second run finds it recorded.
      PetitionMilestoneReached.tellAfterCommit(
        trx,
        petition.id,
        reached,
        petition.supportCount,
        now.toJSDate()
      )
    }
    const milestone = petition.milestoneReached
    await petition.save()
    if (milestone === 0) return []
    const recipients = await whereUndelivered(LetterRecipient.query({ client: trx }), {
      petitionId: petition.id,
      milestone,
    })
      .select('letter_recipients.id', 'letter_recipients.email')
      .orderBy('letter_recipients.id')
    if (recipients.length === 0) return []
    const addresses = [...new Set(recipients.map((recipient) => recipient.email!))]
    await trx
      .table('recipient_mailed_addresses')
      .insert(addresses.map((email) => ({ petition_id: petition.id, email, milestone })))
      .onConflict(['petition_id', 'email', 'milestone'])
      .ignore()
    return RecipientDelivery.createMany(
      recipients.map((recipient) => ({
        petitionId: petition.id,
        letterRecipientId: recipient.id,
        milestone,
        deliveredAt: now,
        mailDueAt: now.plus({ minutes: RETRY_AFTER_MINUTES }),
      })),
      { client: trx }
    )
  })
  if (deliveries.length === 0) return 0
  return mailDeliveries(deliveries.map((delivery) => delivery.id))
}
