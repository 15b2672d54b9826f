import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Petition from '#models/petition'
import PetitionVersion from '#models/petition_version'
import Letter from '#models/letter'
import type User from '#models/user'
import { descriptionText } from '#support/search_text'
import { sanitizeDescription } from '#support/html_sanitizer'
import {
  isSubstantive,
  sameLetters,
  wordChanges,
  type LetterText,
} from '#shared/petitions/text_changes'
import { noteNews } from '#services/petitions/signer_news'
import PetitionUpdated from '#events/petition_updated'
import ModerationEvent from '#models/moderation_event'
import { changePetitions } from '#models/petition_changes'

/** What a version keeps of a petition: the text its signers signed. */
export type PetitionText = {
  title: string
  target: string
  description: string
  letters: LetterText[]
}

/** Whether anyone has confirmed a signature of the petition (the counters lag; the rows do not). */
async function hasConfirmedSignature(petitionId: number, trx: TransactionClientContract) {
  const row = await trx
    .from('signatures')
    .where('petition_id', petitionId)
    .whereNotNull('confirmed_at')
    .select('id')
    .first()
  return Boolean(row)
}

/** The petition's letters as text, in form order: payloads, recipients' names and designations. */
async function lettersOf(petitionId: number, client: QueryClientContract) {
  const letters = await Letter.query({ client })
    .where('petition_id', petitionId)
    .orderBy('position')
    .orderBy('id')
    .preload('recipients', (recipients) =>
      // Names and designations only: an address never reaches a version.
      recipients.select('id', 'letter_id', 'name', 'payload', 'position').orderBy('position')
    )
  return letters.map((letter): LetterText => ({
    id: letter.id,
    payload: letter.payload,
    recipients: letter.recipients.map((recipient) => ({
      name: recipient.name,
      designation: recipient.payload ?? '',
    })),
  }))
}

async function textOf(
  petition: Petition,
  client: QueryClientContract = db.connection()
): Promise<PetitionText> {
  return {
    title: petition.title,
    target: petition.target,
    description: petition.description,
    letters: await lettersOf(petition.id, client),
  }
}

/**
 * The petition's text before a save, when the save must keep it: once the
 * petition has a confirmed signature. Null otherwise (nothing to keep).
 * Call it in the save's transaction, with the petition's row locked and
 * before anything is written.
 */
export async function textBeforeSave(
  petition: Petition | null,
  trx: TransactionClientContract
): Promise<PetitionText | null> {
  if (!petition || !(await hasConfirmedSignature(petition.id, trx))) return null
  return textOf(petition, trx)
}

/**
 * Records the text `before` as a version when the save changed the title,
 * target, description or letters; a substantive change (see
 * `isSubstantive`) is news for the signers who asked for it. Call it in the
 * save's transaction once everything is written. Returns the version, or
 * null when the text did not change.
 */
export async function recordVersion(
  petition: Petition,
  user: User | null,
  before: PetitionText | null,
  trx: TransactionClientContract
) {
  if (!before) return null
  const after = await textOf(petition, trx)
  const titleChanged = before.title !== after.title
  const targetChanged = before.target !== after.target
  const descriptionChanged = before.description !== after.description
  if (
    !titleChanged &&
    !targetChanged &&
    !descriptionChanged &&
    sameLetters(before.letters, after.letters)
  )
    return null
  const words = wordChanges(descriptionText(before.description), descriptionText(after.description))
  const substantive = isSubstantive({
    titleChanged,
    targetChanged,
    previousWords: words.previousWords,
    changedWords: words.added + words.removed,
  })
  // Noted before the version goes in: see noteNews.
  if (substantive) {
    await noteNews(petition.id, trx)
    PetitionUpdated.tellAfterCommit(trx, petition.id, {
      kind: 'text',
      title: after.title,
      target: after.target,
      description: after.description,
    })
  }
  return PetitionVersion.create(
    {
      petitionId: petition.id,
      userId: user?.id ?? null,
      title: before.title,
      target: before.target,
      description: before.description,
      letters: before.letters,
      substantive,
    },
    { client: trx }
  )
}

/**
 * A petition's history: its text now and its versions, newest first (with
 * who saved each change, for moderators: `withAuthors`).
 */
export async function historyOf(petition: Petition, { withAuthors = false } = {}) {
  const [current, versions] = await Promise.all([
    textOf(petition),
    PetitionVersion.query()
      .where('petition_id', petition.id)
      .orderBy('id', 'desc')
      .if(withAuthors, (query) => query.preload('user')),
  ])
  return { current, versions }
}

/**
 * A moderator puts an earlier version's text back: its title, target and
 * description, and the payload of each of its letters that is still there
 * (matched by id; letters added since stay, recipients are left as they
 * are). The current text is recorded as a new version first, and the act
 * goes into the audit trail, all in one transaction. False when the
 * version is not one of the petition's, or was redacted.
 */
export async function restoreVersion(moderator: User, petitionId: number, versionId: number) {
  return changePetitions(async ({ trx, lock }) => {
    const petition = await lock({ id: petitionId })
    if (!petition) return false
    // A redacted text has nothing to put back.
    const version = await PetitionVersion.query({ client: trx })
      .where('id', versionId)
      .where('petition_id', petitionId)
      .whereNull('redacted_at')
      .first()
    if (!version) return false
    const before = await textOf(petition, trx)
    petition.useTransaction(trx)
    petition.merge({
      title: version.title,
      target: version.target,
      description: sanitizeDescription(version.description),
    })
    await petition.save()
    for (const letter of version.letters) {
      if (letter.id === null) continue
      await Letter.query({ client: trx })
        .where('id', letter.id)
        .where('petition_id', petitionId)
        .update({ payload: letter.payload })
    }
    await recordVersion(petition, moderator, before, trx)
    await ModerationEvent.record(trx, {
      actor: moderator,
      action: 'version_restored',
      petitionId,
      reason: `#${version.id}`,
    })
    return true
  })
}
