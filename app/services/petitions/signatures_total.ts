import db from '@adonisjs/lucid/services/db'
import { signaturesTotal } from '#runtime/caches/process_caches'

/**
 * The site's total of confirmed, active signatures: the sum of the
 * petitions' counter columns (which count exactly those), one query at
 * most every 30 seconds per process, never a scan of signatures. Counter
 * flushes drop it at once (those of other processes through Redis, or
 * without it within that time).
 */
export function confirmedSignaturesTotal() {
  return signaturesTotal.get('total', loadSignaturesTotal)
}

async function loadSignaturesTotal() {
  const [row] = await db
    .from('petitions')
    .select(db.raw('COALESCE(SUM(support_count + oppose_count), 0) AS total'))
  return Number((row as { total: number | string } | undefined)?.total ?? 0)
}
