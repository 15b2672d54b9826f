import { BaseTransformer } from '@adonisjs/core/transformers'
/** A recipient waiting for a moderator, as the queue's query reads it. */
export type PendingRecipientRow = {
  id: number
  name: string
  role: string | null
  email: string
  letter: string
  petition_id: number
  title: string
  slug: string
  user_id: number | null
}

/** Longest part of a letter the queue shows; the petition's page has the rest. */
const LETTER_EXCERPT = 400

/**
 * A recipient whose address waits for a moderator: the address, the name
 * and role the owner gave, the petition and its letter. Moderators only;
 * on their own petition another moderator decides (`ownPetition`).
 */
export default class PendingRecipientTransformer extends BaseTransformer<PendingRecipientRow> {
  constructor(
    row: PendingRecipientRow,
    private viewerId: number
  ) {
    super(row)
  }

  toObject() {
    const row = this.resource
    const letter = row.letter ?? ''
    return {
      id: Number(row.id),
      email: row.email,
      name: row.name,
      role: row.role ?? '',
      letter: letter.length > LETTER_EXCERPT ? `${letter.slice(0, LETTER_EXCERPT)}…` : letter,
      petition: { id: Number(row.petition_id), title: row.title, slug: row.slug },
      ownPetition: row.user_id !== null && Number(row.user_id) === this.viewerId,
    }
  }
}
