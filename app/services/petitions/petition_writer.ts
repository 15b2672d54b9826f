import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import Petition from '#models/petition'
import PetitionMedia from '#models/petition_media'
import Letter from '#models/letter'
import LetterRecipient from '#models/letter_recipient'
import PetitionUpdate from '#models/petition_update'
import CustomField from '#models/custom_field'
import type User from '#models/user'
import type { petitionValidator } from '#validators/petition'
import { sanitizeDescription } from '#support/html_sanitizer'
import { videoEmbed } from '#support/video_url'
import { uniqueSlug, unlistedSlug } from '#services/petitions/slugs'
import { deleteMedia } from '#services/petitions/media'
import { isUniqueViolation } from '#support/database_errors'
import { closesAtFor } from '#support/closing_dates'
import { noteNews } from '#services/petitions/signer_news'
import { recordIfModeration } from '#services/moderation/audit_trail'
import { DEFAULT_LOCALE, type Locale } from '#app/i18n/locales'
import PetitionChanged from '#events/petition_changed'

export type PetitionInput = Infer<typeof petitionValidator>

/**
 * Inserts rows of a model in one multi-row INSERT, inside the transaction.
 * Values are prepared as the model prepares them (column names, dates) and
 * its auto-created timestamps are set; there are no model hooks to run.
 */
async function insertAll<Model extends LucidModel>(
  model: Model,
  rows: Array<Record<string, unknown>>,
  trx: TransactionClientContract
) {
  if (rows.length === 0) return
  const now = DateTime.local()
  const instance = new model()
  const records = rows.map((attributes) => {
    const values: Record<string, unknown> = { ...attributes }
    model.$columnsDefinitions.forEach((column, name) => {
      if (column.meta?.autoCreate || column.meta?.autoUpdate) values[name] ??= now
    })
    const record: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(values)) {
      const column = model.$getColumn(name)!
      record[column.columnName] = column.prepare ? column.prepare(value, name, instance) : value
    }
    return record
  })
  await trx.insertQuery().table(model.table).multiInsert(records)
}

/**
 * Syncs the children of a petition with the submitted list: rows whose id is
 * submitted are updated, new entries inserted together in one statement, the
 * others deleted in one. Ids keep what refers to them (custom-field answers of
 * signatures) intact. `scope` narrows the rows of a shared table (videos
 * among media); `beforeInsert` runs, in the transaction, only when there
 * are new rows, just before they are inserted.
 */
async function syncChildren<Model extends LucidModel, Item extends { id?: number }>(
  model: Model,
  petition: Petition,
  items: Item[],
  attributesOf: (item: Item, position: number) => Record<string, unknown>,
  trx: TransactionClientContract,
  {
    scope = () => {},
    beforeInsert,
  }: {
    scope?: (query: ModelQueryBuilderContract<Model>) => void
    beforeInsert?: () => Promise<void>
  } = {}
) {
  const query = () => {
    const builder = model.query({ client: trx }).where('petition_id', petition.id)
    scope(builder)
    return builder
  }
  const existing = await query()
  const keptIds = new Set<number>()
  const created: Array<Record<string, unknown>> = []
  for (const [position, item] of items.entries()) {
    const attributes = { ...attributesOf(item, position), petitionId: petition.id }
    const row = existing.find((candidate: any) => candidate.id === item.id)
    if (row) {
      row.merge(attributes as any)
      await row.useTransaction(trx).save()
      keptIds.add((row as any).id)
    } else {
      created.push(attributes)
    }
  }
  const removed = existing.map((row: any) => row.id as number).filter((id) => !keptIds.has(id))
  if (removed.length > 0) await query().whereIn('id', removed).delete()
  if (created.length > 0 && beforeInsert) await beforeInsert()
  await insertAll(model, created, trx)
}

/** The banner templates bundled with the app (driver 'local'). */
export const BANNER_TEMPLATES: Record<string, string> = {
  sunrise: '/banner-templates/sunrise.jpg',
  forest: '/banner-templates/forest.jpg',
  city: '/banner-templates/city.jpg',
  ocean: '/banner-templates/ocean.jpg',
}

/**
 * Gives the petition the media uploaded for its guid by this member, its
 * banner (an upload or a bundled template) and its photos in slot order;
 * media of this guid that the form no longer holds are deleted.
 */
async function attachMedia(
  petition: Petition,
  user: User,
  input: PetitionInput,
  trx: TransactionClientContract
) {
  await PetitionMedia.query({ client: trx })
    .where('petition_guid', petition.guid)
    .where('user_id', user.id)
    .whereNull('petition_id')
    .update({ petition_id: petition.id })

  const media = await PetitionMedia.query({ client: trx })
    .where('petition_id', petition.id)
    .whereIn('type', ['banner', 'photo'])
  const unused: PetitionMedia[] = []

  const banners = media.filter((item) => item.type === 'banner')
  const template =
    input.banner?.driver === 'local'
      ? Object.values(BANNER_TEMPLATES).find((url) => url === input.banner?.url)
      : undefined
  if (template) {
    unused.push(...banners)
    await PetitionMedia.create(
      {
        petitionId: petition.id,
        petitionGuid: petition.guid,
        userId: user.id,
        type: 'banner',
        driver: 'local',
        url: template,
      },
      { client: trx }
    )
  } else {
    unused.push(...banners.filter((banner) => banner.id !== input.banner?.id))
  }

  const photoIds = (input.photos ?? []).map((photo) => photo.id)
  for (const photo of media.filter((item) => item.type === 'photo')) {
    const slot = photoIds.indexOf(photo.id)
    if (slot === -1) {
      unused.push(photo)
    } else if (photo.position !== slot) {
      photo.position = slot
      await photo.useTransaction(trx).save()
    }
  }
  await deleteMedia(unused, trx)
}

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
  return db.transaction(async (trx) => {
    // Locked: a moderator's close meanwhile waits, or is seen, never overwritten.
    let petition = await Petition.query({ client: trx }).where('guid', guid).forUpdate().first()
    const isNew = !petition
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
      allowComments: input.allowComments ?? false,
      allowOpposite: input.allowOpposite ?? false,
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
    await petition.save()
    PetitionChanged.afterCommit(trx, petition.id)
    if (!isNew) await recordIfModeration(trx, user, petition, 'petition_edited')

    await attachMedia(petition, user, input, trx)

    // Videos are media of type video: YouTube or Vimeo embeds.
    await syncChildren(
      PetitionMedia,
      petition,
      input.videos ?? [],
      (video, position) => {
        const embed = videoEmbed(video.url)!
        return {
          petitionGuid: guid,
          userId: user.id,
          type: 'video',
          driver: embed.driver,
          url: embed.url,
          title: video.title ?? null,
          description: video.description ?? null,
          position,
        }
      },
      trx,
      { scope: (query) => query.where('type', 'video') }
    )

    const letterInputs = input.letters ?? []
    await syncChildren(
      Letter,
      petition,
      letterInputs,
      (letter, position) => ({ payload: letter.payload, position }),
      trx
    )
    // The letters in form order (their position), to give each its recipients.
    const letters = await Letter.query({ client: trx })
      .where('petition_id', petition.id)
      .orderBy('position')
    await LetterRecipient.query({ client: trx })
      .whereIn(
        'letter_id',
        letters.map((letter) => letter.id)
      )
      .delete()
    await insertAll(
      LetterRecipient,
      letters.flatMap((letter, index) =>
        letterInputs[index].recipients.map((recipient, position) => ({
          letterId: letter.id,
          name: recipient.name,
          payload: recipient.payload ?? null,
          position,
        }))
      ),
      trx
    )

    await syncChildren(
      PetitionUpdate,
      petition,
      input.updates ?? [],
      (update) => ({
        title: update.title,
        description: update.description ?? null,
        happenedOn: DateTime.fromJSDate(update.createdAt),
      }),
      trx,
      {
        // A new update of a published petition is news for the signers who
        // asked for it (noted before the rows go in: see noteNews). A new
        // petition has no signers yet.
        beforeInsert: async () => {
          if (!isNew && petition.published) await noteNews(petition.id, trx)
        },
      }
    )
    await syncChildren(
      CustomField,
      petition,
      input.customFields ?? [],
      (field, position) => ({
        type: field.type,
        title: field.title,
        description: field.description ?? null,
        required: field.required ?? false,
        position,
      }),
      trx
    )
    return { petition, isNew }
  })
}
