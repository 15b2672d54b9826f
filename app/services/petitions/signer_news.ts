import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import PetitionUpdate from '#models/petition_update'
import PetitionResponse from '#models/petition_response'
import Signature from '#models/signature'
import PetitionVersion from '#models/petition_version'
import PetitionHandover from '#models/petition_handover'
import SendMailJob from '#jobs/send_mail_job'
import PetitionNewsMail, { type NewsItem, type PetitionNews } from '#mails/petition_news_mail'
import { sanitizeDescription } from '#support/html_sanitizer'
import { withMailStyles } from '#support/mail_html'
import { signatureLinkPurpose, signatureLinkUrl, withdrawUrl } from '#support/signature_links'
import { affectedRows } from '#support/database_errors'
import { storedDateTime } from '#support/stored_dates'
import { site } from '#config/site'
import { DEFAULT_LOCALE, isLocale, type Locale } from '#app/i18n/locales'
import { wherePublic } from '#support/petition_visibility'
import type { SignedFor } from '#support/http/signed_links'

/** A petition's signers get its news at most once in this many hours. */
export const NEWS_MAIL_INTERVAL_HOURS = 24
/** Signatures read, mailed and queued at a time: one page, one queue write. */
export const NEWS_BATCH_SIZE = 500
/** What a stop link is signed for, with the signature's token (see `stopUpdatesPurpose`). */
export const STOP_UPDATES_PURPOSE = 'signature-stop-updates'

/**
 * A petition that never mailed its news takes what was added a little
 * before its news was noted too: a caller that inserts first and notes
 * after is a few milliseconds late.
 */
const FIRST_NEWS_SLACK = { minutes: 1 }

/**
 * Marks a petition as having news for the signers who asked for it (a new
 * update, a new response, a hand-over); the mailing job sends it within a day. Call it in
 * the transaction that adds the news, BEFORE inserting it: the UPDATE always
 * writes the petition's row, so it holds the row's lock until that
 * transaction ends, and a mailing that starts meanwhile waits for it and
 * then sees the news; nothing is lost between two mailings. Cheap: one
 * UPDATE by primary key, whatever the number of signers.
 */
export async function noteNews(petitionId: number, trx?: TransactionClientContract) {
  const client = trx ?? db.connection()
  const now = DateTime.utc().toFormat(client.dialect.dateTimeFormat)
  await client
    .from('petitions')
    .where('id', petitionId)
    // Kept when already pending: the next mail holds everything since then.
    .update({ news_pending_since: client.raw('COALESCE(news_pending_since, ?)', [now]) })
}

const stored = (date: DateTime) => date.toUTC().toFormat(db.connection().dialect.dateTimeFormat)

/** What a signature's stop link is signed for: its token, so that it names this signer only. */
export const stopUpdatesPurpose = (signature: Pick<Signature, 'confirmationToken'>) =>
  signatureLinkPurpose(STOP_UPDATES_PURPOSE, signature)

/**
 * The signed link that stops a petition's news for one signature, on the
 * site of its language. It never expires: an old mail's link must still
 * work; it stops working once the signature is withdrawn or replaced.
 */
export const stopUpdatesUrl = (
  signature: Pick<Signature, 'id' | 'confirmationToken'>,
  locale: Locale
) => signatureLinkUrl('signatures.stop_updates', STOP_UPDATES_PURPOSE, signature, locale)

/**
 * The signature a stop link names, when the link is signed for its current
 * token: null for a forged link, for a signature replaced by another signer
 * since, or for one that is gone. One read by primary key.
 */
export async function signatureOfStopLink(signatureId: number, signed: SignedFor) {
  const signature = await Signature.query().where('id', signatureId).preload('petition').first()
  return signature && signed(stopUpdatesPurpose(signature)) ? signature : null
}

/**
 * The signer no longer wants this petition's news; the signature itself is
 * untouched. Holds only for the token the link was checked against, so a
 * replacement by another signer in between keeps the new signer's choice.
 * False when the signature is gone or was replaced meanwhile.
 */
export async function stopUpdates(signature: Signature) {
  const changed = await db
    .from('signatures')
    .where('id', signature.id)
    .if(
      signature.confirmationToken === null,
      (query) => query.whereNull('confirmation_token'),
      (query) => query.where('confirmation_token', signature.confirmationToken!)
    )
    .update({ wants_updates: false })
  return affectedRows(changed) > 0
}

type DuePetition = {
  id: number
  title: string
  slug: string
  news_pending_since: unknown
  news_mailed_at: unknown
}

/** Published, not hidden petitions whose news waits and whose last mail is a day old. */
function duePetitions(cutoff: string) {
  return wherePublic(db.from('petitions'))
    .whereNotNull('news_pending_since')
    .where((query) => query.whereNull('news_mailed_at').orWhere('news_mailed_at', '<=', cutoff))
}

/**
 * Mails every petition's pending news to its signers who asked for it, for
 * the petitions whose last mail is at least a day old (`now` lets tests move
 * the clock). Each petition is claimed by one conditional UPDATE, so two
 * runs at once never both mail it; its confirmed, active, opted-in
 * signatures are then read 500 at a time by id and queued as one batch of
 * mails each, in each signer's language. Hidden or unpublished petitions
 * keep their news pending: it goes out once they are public again. Returns
 * the mails queued.
 *
 * A mail holds what was added from the last mail's moment up to this one's:
 * what is added later waits for the next mail, a day on, so a signer gets at
 * most one mail a day per petition. Like the newsletter, it skips the
 * per-recipient guard: it goes only to people who asked for it, once a day.
 * A process that dies after its claim leaves that day's mail unsent rather
 * than risk mailing anyone twice.
 */
export async function mailPetitionNews(
  now: DateTime = DateTime.utc(),
  batchSize = NEWS_BATCH_SIZE
) {
  const cutoff = stored(now.minus({ hours: NEWS_MAIL_INTERVAL_HOURS }))
  let queued = 0
  let after = 0
  for (;;) {
    const petitions: DuePetition[] = await duePetitions(cutoff)
      .where('id', '>', after)
      .orderBy('id')
      .limit(100)
      .select('id', 'title', 'slug', 'news_pending_since', 'news_mailed_at')
    if (petitions.length === 0) break
    for (const petition of petitions) {
      try {
        queued += await mailOnePetition(petition, now, cutoff, batchSize)
      } catch (error) {
        // One petition's failure must not hold back the others' news.
        logger.error({ err: error, petitionId: petition.id }, 'petition news not mailed')
      }
    }
    after = petitions[petitions.length - 1].id
  }
  return queued
}

async function mailOnePetition(
  petition: DuePetition,
  now: DateTime,
  cutoff: string,
  batchSize: number
) {
  // In whole seconds, as every database stores it: the next mail starts
  // exactly where this one ends.
  const moment = now.toUTC().startOf('second')
  const claimed = await duePetitions(cutoff)
    .where('id', petition.id)
    .update({ news_mailed_at: stored(moment), news_pending_since: null })
  if (affectedRows(claimed) === 0) return 0

  // From the last mail's moment (or, never mailed, from when news was
  // first noted) up to this mail's; whatever is newer goes in the next one.
  const from =
    petition.news_mailed_at !== null
      ? storedDateTime(petition.news_mailed_at)!
      : storedDateTime(petition.news_pending_since)!.minus(FIRST_NEWS_SLACK)
  const [updates, responses, versions, handovers] = await Promise.all([
    PetitionUpdate.query()
      .where('petition_id', petition.id)
      .where('created_at', '>=', stored(from))
      .orderBy('id'),
    PetitionResponse.query()
      .where('petition_id', petition.id)
      .where('created_at', '>=', stored(from))
      .orderBy('id'),
    // Substantive changes of its text; typo fixes are recorded without news.
    PetitionVersion.query()
      .where('petition_id', petition.id)
      .where('substantive', true)
      .where('created_at', '>=', stored(from))
      .orderBy('id'),
    PetitionHandover.query()
      .where('petition_id', petition.id)
      .where('created_at', '>=', stored(from))
      .orderBy('id'),
  ])
  const isNow = (row: { createdAt: DateTime }) => row.createdAt < moment
  // Added after this mail's moment (by a save that raced the claim): noted
  // again, for the next mail.
  if ([...updates, ...responses, ...versions, ...handovers].some((row) => !isNow(row)))
    await noteNews(petition.id)

  const items: Array<NewsItem & { at: number }> = [
    ...updates.filter(isNow).map((update) => ({
      kind: 'update' as const,
      title: update.title,
      day: update.happenedOn.toJSDate(),
      text: update.description,
      at: update.createdAt.toMillis(),
    })),
    ...responses.filter(isNow).map((response) => ({
      kind: 'response' as const,
      responder: response.responder,
      day: response.respondedOn.toJSDate(),
      // Sanitised when stored; again here, as the page does, before it goes into a mail.
      html: withMailStyles(sanitizeDescription(response.body)),
      at: response.createdAt.toMillis(),
    })),
    ...handovers.filter(isNow).map((handover) => ({
      kind: 'handover' as const,
      recipient: handover.recipient,
      place: handover.place,
      day: handover.handedOverOn.toJSDate(),
      at: handover.createdAt.toMillis(),
    })),
    ...versions.filter(isNow).map((version) => ({
      kind: 'text_changed' as const,
      day: version.createdAt.toJSDate(),
      at: version.createdAt.toMillis(),
    })),
  ]
  if (items.length === 0) return 0
  // In the order they were added.
  items.sort((a, b) => a.at - b.at)

  const newsOf = new Map<Locale, PetitionNews>()
  const news = (locale: Locale) => {
    let found = newsOf.get(locale)
    if (!found) {
      found = {
        title: petition.title,
        url: site.urlFor(locale) + urlFor('petitions.show', { slug: petition.slug }),
        historyUrl: site.urlFor(locale) + urlFor('petitions.history', { slug: petition.slug }),
        items,
      }
      newsOf.set(locale, found)
    }
    return found
  }

  let queued = 0
  let after = 0
  for (;;) {
    const page = await Signature.query()
      .where('petition_id', petition.id)
      .where('id', '>', after)
      .whereNotNull('confirmed_at')
      .where('active', true)
      .where('wants_updates', true)
      .whereNot('email', '')
      .orderBy('id')
      .limit(batchSize)
      .select('id', 'email', 'first_name', 'locale', 'confirmation_token')
    if (page.length === 0) break
    const mails = page.map((signature) => {
      const locale = isLocale(signature.locale) ? signature.locale : DEFAULT_LOCALE
      return new PetitionNewsMail(
        { email: signature.email, firstName: signature.firstName },
        locale,
        news(locale),
        {
          stop: stopUpdatesUrl(signature, locale),
          withdraw: withdrawUrl(signature, locale),
        }
      )
    })
    queued += await SendMailJob.dispatchMails(mails)
    after = page[page.length - 1].id
  }
  return queued
}
