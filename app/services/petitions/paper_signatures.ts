import { DateTime } from 'luxon'
import { randomUUID } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import PaperSignatureBatch from '#models/paper_signature_batch'
import { changePetitions } from '#models/petition_changes'
import ModerationEvent from '#models/moderation_event'
import { deletePrivateFiles, deletePrivateFilesOrLog } from '#services/uploads/private_files'
import { SUCCEEDED_ONCE_SUPPORT_REACHES_TARGET } from '#runtime/signatures/flushed_counts'
import { appendToLog } from '#runtime/transparency/log_appends'
import { reencodeUpload } from '#support/images'
import { PRIVATE_FOLDER, putUpload } from '#support/uploads'
import { affectedRows } from '#support/database_errors'
import { PRIVATE_DISK } from '#config/drive'
import { MAX_PENDING_PAPER_BATCHES, type PaperBatchStatus } from '#shared/petitions/paper'
import type Petition from '#models/petition'
import type User from '#models/user'

/** Wide enough to read the names on a photographed sheet. */
const SHEET_PHOTO_WIDTH = 2400

export class TooManyPendingBatches extends Error {}

export type PaperBatchInput = { signatures: number; place: string; collectedOn: Date }

/**
 * The owner records a batch of paper signatures: checked by the photo's
 * bytes and re-encoded like every picture (no metadata kept), stored on the
 * private disk, waiting for a moderator. It counts for nothing yet. At most
 * MAX_PENDING_PAPER_BATCHES wait at once per petition.
 */
export async function recordPaperBatch(
  owner: User,
  petition: Petition,
  input: PaperBatchInput,
  uploadedPhoto: string
) {
  const [{ total }] = await db
    .from('paper_signature_batches')
    .where('petition_id', petition.id)
    .where('status', 'pending')
    .count('* as total')
  if (Number(total) >= MAX_PENDING_PAPER_BATCHES) throw new TooManyPendingBatches()
  const photo = await reencodeUpload(uploadedPhoto, {
    width: SHEET_PHOTO_WIDTH,
    withoutEnlargement: true,
  })
  const disk = drive.use(PRIVATE_DISK)
  const key = `${PRIVATE_FOLDER}/paper/${petition.guid}/${randomUUID()}.jpg`
  await putUpload(disk, key, photo, { contentType: 'image/jpeg', visibility: 'private' })
  try {
    return await PaperSignatureBatch.create({
      petitionId: petition.id,
      recordedBy: owner.id,
      signatures: input.signatures,
      place: input.place,
      collectedOn: DateTime.fromJSDate(input.collectedOn, { zone: 'utc' }),
      photoPath: key,
      status: 'pending',
    })
  } catch (error) {
    await disk.delete(key).catch(() => {})
    throw error
  }
}

/** The petition's batches, newest first (a few dozen at most: a page of its own is not needed). */
export function paperBatchesOf(petitionId: number) {
  return PaperSignatureBatch.query()
    .where('petition_id', petitionId)
    .preload('decider', (decider) => decider.select('id', 'first_name', 'last_name'))
    .orderBy('id', 'desc')
}

/** The owner takes back a batch that still waits (recorded by mistake); its photo goes, from every disk. */
export async function withdrawPaperBatch(petition: Petition, batchId: number) {
  const batch = await PaperSignatureBatch.query()
    .where('id', batchId)
    .where('petition_id', petition.id)
    .first()
  if (!batch) return null
  const removed = await db
    .from('paper_signature_batches')
    .where('id', batch.id)
    .where('status', 'pending')
    .delete()
  if (affectedRows(removed) === 0) return false
  if (batch.photoPath) await deletePrivateFilesOrLog([batch.photoPath])
  return true
}

/** One of the petition's batches; null when it has no such batch. */
export function paperBatchOf(petition: Petition, batchId: number) {
  if (!Number.isSafeInteger(batchId)) return Promise.resolve(null)
  return PaperSignatureBatch.query().where('id', batchId).where('petition_id', petition.id).first()
}

/** The photo of a batch's sheets, read from the private disk; null when there is none. */
export async function paperBatchPhoto(petition: Petition, batchId: number) {
  const batch = await paperBatchOf(petition, batchId)
  if (!batch?.photoPath) return null
  const disk = drive.use(PRIVATE_DISK)
  if (!(await disk.exists(batch.photoPath))) return null
  return disk.getStream(batch.photoPath)
}

/** Which statuses a decision may leave, and the one it sets. */
const DECISIONS = {
  verify: { from: ['pending'], to: 'verified' },
  // A verified batch found false later is rejected too: its signatures leave the counts.
  reject: { from: ['pending', 'verified'], to: 'rejected' },
} as const satisfies Record<string, { from: PaperBatchStatus[]; to: PaperBatchStatus }>

export type PaperDecision = keyof typeof DECISIONS

/**
 * A moderator verifies a batch (its signatures join the petition's
 * support, shown apart as paper) or rejects it with a reason (a verified
 * one leaves the counts). The status moves by one conditional UPDATE from
 * the status read, so a batch counts exactly once, however many moderators
 * click at once; the counts, the decision and its audit entry are stored
 * together or not at all. Null for a batch not of this petition, false when
 * the decision changes nothing (already decided).
 */
export async function decidePaperBatch(
  moderator: User,
  petition: Petition,
  batchId: number,
  decision: PaperDecision,
  reason: string | null
) {
  return changePetitions(async ({ trx, mark }) => {
    const batch = await PaperSignatureBatch.query({ client: trx })
      .where('id', batchId)
      .where('petition_id', petition.id)
      .first()
    if (!batch) return null
    const { from, to } = DECISIONS[decision]
    if (!(from as readonly string[]).includes(batch.status)) return false
    const now = DateTime.utc()
    const moved = await trx
      .from('paper_signature_batches')
      .where('id', batch.id)
      .where('status', batch.status)
      .update({
        status: to,
        decided_by: moderator.id,
        decided_at: now.toFormat(trx.dialect.dateTimeFormat),
        decision_reason: reason?.trim() || null,
      })
    if (affectedRows(moved) === 0) return false
    const counted = to === 'verified' ? batch.signatures : 0
    const uncounted = batch.status === 'verified' ? batch.signatures : 0
    await movePaperCount(trx, petition, counted - uncounted, now)
    await ModerationEvent.record(trx, {
      actor: moderator,
      action: to === 'verified' ? 'paper_verified' : 'paper_rejected',
      petitionId: petition.id,
      reason,
      subject: String(batch.id),
    })
    // Counts that moved reach open pages, the trending list and the site's total.
    mark(counted !== uncounted ? 'counts' : 'page', petition.id)
    return true
  })
}

/**
 * Paper signatures are support: one relative UPDATE moves the support and
 * the paper count together (a counter flush adding online signatures at the
 * same moment adds up with it), and the first time support reaches the
 * target the petition becomes successful, as a flush would make it. The
 * change is a leaf of the transparency log in the same transaction.
 */
async function movePaperCount(
  trx: TransactionClientContract,
  petition: Petition,
  delta: number,
  now: DateTime
) {
  if (delta === 0) return
  const treeSize = await appendToLog(trx, [
    {
      petition: petition.guid,
      event: delta > 0 ? 'paper' : 'paper-remove',
      side: 'support',
      n: Math.abs(delta),
    },
  ])
  await trx.rawQuery(
    `UPDATE petitions
        SET support_count = support_count + ?,
            paper_count = paper_count + ?,
            log_tree_size = ?,
            ${SUCCEEDED_ONCE_SUPPORT_REACHES_TARGET}
      WHERE id = ?`,
    [delta, delta, treeSize, delta, now.toFormat(trx.dialect.dateTimeFormat), petition.id]
  )
}

/** Batches waiting for a moderator, by petition, oldest first: the queue's list. */
export async function petitionsWithPendingPaper(limit = 50) {
  const rows: Array<{ petition_id: number; batches: number | string; first_id: number }> = await db
    .from('paper_signature_batches')
    .where('status', 'pending')
    .groupBy('petition_id')
    .select('petition_id')
    .count('* as batches')
    .min('id as first_id')
    .orderBy('first_id')
    .limit(limit)
  return rows.map((row) => ({ petitionId: Number(row.petition_id), batches: Number(row.batches) }))
}

/**
 * The photos of a petition's sheets show its signers' names: they are
 * erased with its signatures' personal data, from every disk that may hold
 * them (the bucket, and the local folder a site moved from). The files go
 * first: when a disk refuses, this throws with the batches still naming
 * their photos, and the job's next run erases them. The batches and their
 * counts stay.
 */
export async function erasePaperPhotos(petitionId: number) {
  const rows: Array<{ id: number; photo_path: string }> = await db
    .from('paper_signature_batches')
    .where('petition_id', petitionId)
    .whereNotNull('photo_path')
    .select('id', 'photo_path')
  if (rows.length === 0) return
  await deletePrivateFiles(rows.map((row) => row.photo_path))
  await db
    .from('paper_signature_batches')
    .whereIn(
      'id',
      rows.map((row) => row.id)
    )
    .update({ photo_path: null })
}
