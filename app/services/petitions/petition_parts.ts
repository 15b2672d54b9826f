import { DateTime } from 'luxon'
import type { Infer } from '@vinejs/vine/types'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type Petition from '#models/petition'
import PetitionMedia from '#models/petition_media'
import Letter from '#models/letter'
import LetterRecipient from '#models/letter_recipient'
import RecipientDelivery from '#models/recipient_delivery'
import PetitionUpdate from '#models/petition_update'
import CustomField from '#models/custom_field'
import type User from '#models/user'
import type { petitionValidator } from '#validators/petition'
import { videoEmbed } from '#support/video_url'
import { noteNews } from '#services/petitions/signer_news'
import PetitionUpdated from '#events/petition_updated'
import { checkRecipientAddresses } from '#services/decision_makers/address_rules'
import { refreshAwaitingAnswer } from '#services/decision_makers/awaiting'

/** The lists of the petition form besides its pictures. */
type PartsInput = Pick<
  Infer<typeof petitionValidator>,
  'videos' | 'letters' | 'updates' | 'customFields'
>

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
    beforeInsert?: (created: Array<Record<string, unknown>>) => Promise<void>
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
  if (created.length > 0 && beforeInsert) await beforeInsert(created)
  await insertAll(model, created, trx)
}

/**
 * Writes the petition's videos, letters with their recipients, updates and
 * custom fields as the form lists them, in the save's transaction. `news`:
 * a new update is news for the signers who asked for it.
 */
export async function writePetitionParts(
  petition: Petition,
  user: User,
  input: PartsInput,
  trx: TransactionClientContract,
  { news }: { news: boolean }
) {
  await syncVideos(petition, user, input.videos ?? [], trx)
  await syncLetters(petition, user, input.letters ?? [], trx)
  await syncUpdates(petition, input.updates ?? [], trx, news)
  await syncCustomFields(petition, input.customFields ?? [], trx)
}

/** Videos are media of type video: YouTube or Vimeo embeds. */
function syncVideos(
  petition: Petition,
  user: User,
  videos: NonNullable<PartsInput['videos']>,
  trx: TransactionClientContract
) {
  return syncChildren(
    PetitionMedia,
    petition,
    videos,
    (video, position) => {
      const embed = videoEmbed(video.url)!
      return {
        petitionGuid: petition.guid,
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
}

/**
 * The letters, then their recipients. Recipients keep their ids, as letters
 * do, so that their deliveries and answers survive an edit; a recipient
 * moved to another letter keeps its id too. A recipient whose address
 * changes is told again: the deliveries it has not answered go, and the
 * next delivery goes to the new address once a moderator approved it. The
 * addresses' rules (checkRecipientAddresses) refuse the save before anything
 * is written.
 */
async function syncLetters(
  petition: Petition,
  user: User,
  letterInputs: NonNullable<PartsInput['letters']>,
  trx: TransactionClientContract
) {
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
  const existing = await LetterRecipient.query({ client: trx }).whereIn(
    'letter_id',
    letters.map((letter) => letter.id)
  )
  const byId = new Map(existing.map((recipient) => [recipient.id, recipient]))
  const keptIds = new Set<number>()
  // Each recipient of the form, with the stored row it updates (an id given twice updates once).
  const planned = letters.flatMap((letter, index) =>
    letterInputs[index].recipients.map((input, position) => {
      const found = input.id === undefined ? undefined : byId.get(input.id)
      const row = found && !keptIds.has(found.id) ? found : undefined
      if (row) keptIds.add(row.id)
      const field = `letters.${index}.recipients.${position}.email`
      return { letter, input, position, row, field, email: input.email ?? null }
    })
  )
  const changes = checkRecipientAddresses(user, planned)
  const readdressed: number[] = []
  const created: Array<Record<string, unknown>> = []
  for (const [at, { letter, input, position, row, email }] of planned.entries()) {
    const attributes = {
      letterId: letter.id,
      name: input.name,
      payload: input.payload ?? null,
      email,
      position,
      ...changes[at],
    }
    if (row) {
      if (row.email !== email) readdressed.push(row.id)
      await row.useTransaction(trx).merge(attributes).save()
    } else {
      created.push(attributes)
    }
  }
  const removed = existing.map((row) => row.id).filter((id) => !keptIds.has(id))
  if (removed.length > 0)
    await LetterRecipient.query({ client: trx }).whereIn('id', removed).delete()
  if (readdressed.length > 0) {
    await RecipientDelivery.query({ client: trx })
      .whereIn('letter_recipient_id', readdressed)
      .whereNull('answered_at')
      .delete()
  }
  await insertAll(LetterRecipient, created, trx)
  // Recipients gone or re-addressed took their deliveries along: who is awaited may have changed.
  if (removed.length > 0 || readdressed.length > 0) await refreshAwaitingAnswer(petition.id, trx)
}

function syncUpdates(
  petition: Petition,
  updates: NonNullable<PartsInput['updates']>,
  trx: TransactionClientContract,
  news: boolean
) {
  return syncChildren(
    PetitionUpdate,
    petition,
    updates,
    (update) => ({
      title: update.title,
      description: update.description ?? null,
      happenedOn: DateTime.fromJSDate(update.createdAt),
    }),
    trx,
    {
      // Noted before the rows go in: see noteNews.
      beforeInsert: async (created) => {
        if (!news) return
        await noteNews(petition.id, trx)
        for (const update of created) {
          PetitionUpdated.tellAfterCommit(trx, petition.id, {
            kind: 'news',
            title: update.title as string,
            description: (update.description as string | null) ?? null,
            date: (update.happenedOn as DateTime).toISODate()!,
          })
        }
      },
    }
  )
}

function syncCustomFields(
  petition: Petition,
  fields: NonNullable<PartsInput['customFields']>,
  trx: TransactionClientContract
) {
  return syncChildren(
    CustomField,
    petition,
    fields,
    (field, position) => ({
      type: field.type,
      title: field.title,
      description: field.description ?? null,
      required: field.required ?? false,
      position,
    }),
    trx
  )
}
