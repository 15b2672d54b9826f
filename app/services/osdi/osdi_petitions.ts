import Petition from '#models/petition'
import type User from '#models/user'
import db from '@adonisjs/lucid/services/db'
import {
  SIGNATURE_RECORD_COLUMNS,
  signatureRecordOf,
  type SignatureRow,
} from '#support/signature_records'

/*
 * What a member's API token reads through OSDI: the member's own petitions
 * and their signatures. Every read is scoped to the member, so another
 * member's petition is as unknown as a guid that names none.
 */

/** A page as the client asked for it: `afterId` is the cursor a `next` link carries. */
export type PageRequest = { page: number; perPage: number; afterId?: number | null }

/** One page of the member's petitions (oldest first, by id), letters loaded, and how many there are. */
export async function ownPetitionsPage(member: User, { page, perPage }: PageRequest) {
  const [petitions, [{ total }]] = await Promise.all([
    Petition.query()
      .where('user_id', member.id)
      .preload('letters')
      .orderBy('id', 'asc')
      .offset((page - 1) * perPage)
      .limit(perPage),
    db.from('petitions').where('user_id', member.id).count('* as total'),
  ])
  return { petitions, total: Number(total) }
}

/** The member's petition by its guid, letters and custom fields loaded; null when it is not theirs. */
export async function ownPetition(member: User, guid: string) {
  return Petition.query()
    .where('guid', guid)
    .where('user_id', member.id)
    .preload('letters')
    .preload('customFields')
    .first()
}

/**
 * One page of a petition's signatures in id order, each as the owner's
 * export has it (custom fields loaded on the petition), and how many there
 * are. A page read from a `next` link starts after the last id of the
 * page before, on the (petition_id, id) index; a page named by its number
 * alone is counted off the same index. Only the page's rows are read.
 */
export async function signaturesPage(petition: Petition, request: PageRequest) {
  const { page, perPage, afterId } = request
  const query = db
    .from('signatures')
    .where('petition_id', petition.id)
    .orderBy('id', 'asc')
    .limit(perPage)
    .select(...SIGNATURE_RECORD_COLUMNS)
  if (afterId !== undefined && afterId !== null) query.where('id', '>', afterId)
  else query.offset((page - 1) * perPage)
  const [rows, [{ total }]] = await Promise.all([
    query as Promise<SignatureRow[]>,
    db.from('signatures').where('petition_id', petition.id).count('* as total'),
  ])
  const fields = [...petition.customFields].sort((a, b) => a.position - b.position)
  return {
    records: rows.map((row) => signatureRecordOf(row, petition, fields)),
    total: Number(total),
    lastId: rows.length > 0 ? rows[rows.length - 1].id : null,
  }
}
