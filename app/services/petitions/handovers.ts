import { DateTime } from 'luxon'
import { randomUUID } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import PetitionHandover from '#models/petition_handover'
import { changePetitions } from '#models/petition_changes'
import RefusedFieldsException from '#exceptions/refused_fields_exception'
import { refreshAwaitingAnswer } from '#services/decision_makers/awaiting'
import { noteNews } from '#services/petitions/signer_news'
import { reencodeUpload } from '#support/images'
import { putUpload, UPLOAD_WRITE_OPTIONS } from '#support/uploads'
import type Petition from '#models/petition'
import type User from '#models/user'

/** Hand-overs a petition may record: one per meeting, a campaign has a few. */
export const MAX_HANDOVERS = 10

const PHOTO_WIDTH = 1600

export type HandoverInput = {
  recipient: string
  /** The recipient of its letters it was handed to, who then counts as told. */
  letterRecipientId?: number | null
  handedOverOn: Date
  place: string
}

/**
 * The owner records that the petition was handed over: the photo, if any,
 * checked by its bytes and re-encoded as every public picture, then the row
 * and the news for its signers who asked for it, in one transaction (the
 * photo goes again if that fails). False when the petition already has
 * MAX_HANDOVERS.
 */
export async function recordHandover(
  owner: User,
  petition: Petition,
  input: HandoverInput,
  uploadedPhoto: string | null
) {
  const [{ total }] = await db
    .from('petition_handovers')
    .where('petition_id', petition.id)
    .count('* as total')
  if (Number(total) >= MAX_HANDOVERS) return false
  if (input.letterRecipientId && !(await isRecipientOf(petition, input.letterRecipientId))) {
    throw new RefusedFieldsException([{ field: 'letterRecipientId', rule: 'in' }])
  }
  const disk = drive.use()
  let key: string | null = null
  if (uploadedPhoto) {
    const photo = await reencodeUpload(uploadedPhoto, {
      width: PHOTO_WIDTH,
      withoutEnlargement: true,
    })
    key = `petitions/${petition.guid}/${randomUUID()}.jpg`
    await putUpload(disk, key, photo, { contentType: 'image/jpeg', ...UPLOAD_WRITE_OPTIONS })
  }
  try {
    await changePetitions(async ({ trx, mark }) => {
      await noteNews(petition.id, trx)
      await PetitionHandover.create(
        {
          petitionId: petition.id,
          recordedBy: owner.id,
          recipient: input.recipient,
          letterRecipientId: input.letterRecipientId ?? null,
          handedOverOn: DateTime.fromJSDate(input.handedOverOn, { zone: 'utc' }),
          place: input.place,
          photoPath: key,
        },
        { client: trx }
      )
      // A recipient handed it in person is told from that day on.
      await refreshAwaitingAnswer(petition.id, trx)
      mark('page', petition.id)
    })
  } catch (error) {
    if (key) await disk.delete(key).catch(() => {})
    throw error
  }
  return true
}

/** The owner takes a hand-over back (recorded by mistake); its photo goes once that is stored. */
export async function removeHandover(petition: Petition, handoverId: number) {
  const handover = await PetitionHandover.query()
    .where('id', handoverId)
    .where('petition_id', petition.id)
    .first()
  if (!handover) return false
  await changePetitions(async ({ trx, mark }) => {
    handover.useTransaction(trx)
    await handover.delete()
    await refreshAwaitingAnswer(petition.id, trx)
    mark('page', petition.id)
  })
  if (handover.photoPath)
    await drive
      .use()
      .delete(handover.photoPath)
      .catch(() => {})
  return true
}

/** A petition's hand-overs, in the order they happened. */
export function handoversOf(petitionId: number) {
  return PetitionHandover.query()
    .where('petition_id', petitionId)
    .orderBy('handed_over_on')
    .orderBy('id')
}

/** Whether the recipient is one of the petition's letters'. */
async function isRecipientOf(petition: Petition, recipientId: number) {
  const found = await db
    .from('letter_recipients')
    .join('letters', 'letters.id', 'letter_recipients.letter_id')
    .where('letter_recipients.id', recipientId)
    .where('letters.petition_id', petition.id)
    .first()
  return Boolean(found)
}
