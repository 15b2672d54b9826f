import type { Infer } from '@vinejs/vine/types'
import Petition from '#models/petition'
import type User from '#models/user'
import type { petitionValidator } from '#validators/petition'
import { sanitizeDescription } from '#support/html_sanitizer'
import { uniqueSlug, unlistedSlug } from '#services/petitions/slugs'
import { attachMedia } from '#services/petitions/media'
import { writePetitionParts } from '#services/petitions/petition_parts'
import { recordVersion, textBeforeSave } from '#services/petitions/versions'
import { isUniqueViolation } from '#support/database_errors'
import { closesAtFor } from '#support/closing_dates'
import ModerationEvent from '#models/moderation_event'
import { DEFAULT_LOCALE, type Locale } from '#app/i18n/locales'
import { changePetitions } from '#models/petition_changes'
import PetitionClosed from '#events/petition_closed'
import { identitySettingsToSave } from '#services/petitions/identity_settings'

export type PetitionInput = Infer<typeof petitionValidator>

/**
 * Creates the petition of a guid, or updates it when it exists, in one
 * transaction: nothing half-written. The caller has checked that the member
 * may edit it; a moderator's save of someone else's petition is recorded in
 * the audit trail. The slug is made once, from the first title, and the
 * language (`lang`, the site's) once, when it is created. The search index
 * follows the title, target and description by the database's triggers.
 */
export async function savePetition(
  user: User,
  guid: string,
  input: PetitionInput,
  lang: Locale = DEFAULT_LOCALE
) {
  let saved: Awaited<ReturnType<typeof writePetition>>
  try {
    saved = await writePetition(user, guid, input, lang)
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    // Two saves of one new petition at once (a double click) both tried to
    // create it; written again, this one updates what the other created. A
    // slug taken meanwhile by another petition gets the next free one.
    const raced = await Petition.findBy('guid', guid)
    if (raced && raced.userId !== user.id) throw error
    saved = await writePetition(user, guid, input, lang)
  }
  return saved
}

function writePetition(user: User, guid: string, input: PetitionInput, lang: Locale) {
  return changePetitions(async ({ trx, lock, mark }) => {
    // Locked: a moderator's close meanwhile waits, or is seen, never overwritten.
    let petition = await lock({ guid })
    const isNew = !petition
    const wasPublished = petition?.published ?? false
    // Once signed, the text as it was, to keep if this save changes it.
    const before = await textBeforeSave(petition, trx)
    // Read before the merge: a signed petition keeps what it stores.
    const identity = await identitySettingsToSave(petition, input, trx)
    petition ??= new Petition().merge({
      guid,
      userId: user.id,
      // The language of the site it was written on; the list shows each language's own.
      lang,
      // Made once: a petition made unlisted later keeps the link already shared.
      slug: input.private ? unlistedSlug(input.title) : await uniqueSlug(input.title, trx),
    })
    petition.useTransaction(trx)
    petition.merge({
      title: input.title,
      target: input.target,
      description: sanitizeDescription(input.description),
      targetSignatures: input.targetSignatures,
      topics: input.topics,
      country: input.country ?? null,
      // A region names a place within the country: none without one.
      region: (input.country && input.region) || null,
      ...identity,
      milestones: [...new Set(input.milestones ?? [])].sort((a, b) => a - b),
      allowComments: input.allowComments ?? false,
      allowOpposite: input.allowOpposite ?? false,
      askPostalCode: input.askPostalCode ?? false,
      private: input.private ?? false,
      // A new petition is published and open; these switches exist only when editing.
      published: isNew ? true : (input.published ?? petition.published),
      // A moderator's close holds whatever the form says (the validator tells
      // why; this covers a close that came while the form was checked).
      finished: isNew
        ? false
        : petition.isClosedByModerator || (input.finished ?? petition.finished),
      closesAt: closesAtFor(input.closingDate),
    })
    // Reopening a finished petition drops a closing date that has passed,
    // or the petition would be closed again at once; a new date sent with
    // it stands. An open petition whose date passed before the closing job
    // ran keeps it: the job finishes it and tells its owner.
    if (petition.$original.finished && !petition.finished && petition.hasPassedClosingDate) {
      petition.closesAt = null
    }
    // Closed by this save (its owner's switch, or a moderator editing it).
    const closedNow = !isNew && !petition.$original.finished && petition.finished
    await petition.save()
    mark('page', petition.id)
    if (closedNow) {
      PetitionClosed.tellAfterCommit(
        trx,
        [petition.id],
        petition.userId === user.id ? 'owner' : 'moderator'
      )
    }
    if (!isNew) await ModerationEvent.recordIfModeration(trx, user, petition, 'petition_edited')

    await attachMedia(petition, user, input, trx)
    // A new update of a published petition is news for the signers who asked
    // for it. A new petition has no signers yet.
    await writePetitionParts(petition, user, input, trx, { news: !isNew && petition.published })
    await recordVersion(petition, user, before, trx)
    // This save made it public: a new petition, or a draft published.
    return { petition, isNew, publishedNow: petition.published && !wasPublished }
  })
}
