import db from '@adonisjs/lucid/services/db'

/** Signers read per query: memory holds one chunk (and a few pages) at a time. */
export const SIGNERS_CHUNK_SIZE = 1000

type SignerRow = {
  id: number
  first_name: string
  last_name: string
  country: string | null
  comment: string | null
  created_at: Date | string
}

/**
 * The signers a package may name: confirmed, active (counted) supporting
 * signatures that were not made anonymously (an erased signature is
 * anonymous too), in the order they came, read SIGNERS_CHUNK_SIZE at a time
 * by `id > last` on the (petition_id, id) index. The columns read are all
 * that is printed: never an address.
 */
export async function* countedSigners(petitionId: number): AsyncGenerator<SignerRow[]> {
  let lastId = 0
  while (true) {
    const rows: SignerRow[] = await db
      .from('signatures')
      .where('petition_id', petitionId)
      .where('id', '>', lastId)
      .whereNotNull('confirmed_at')
      .where('active', true)
      .where('private', false)
      .where('score', '>', 0)
      .whereNull('invalidation_id')
      .orderBy('id', 'asc')
      .limit(SIGNERS_CHUNK_SIZE)
      .select('id', 'first_name', 'last_name', 'country', 'comment', 'created_at')
    if (rows.length === 0) return
    yield rows
    lastId = rows[rows.length - 1].id
    if (rows.length < SIGNERS_CHUNK_SIZE) return
  }
}
