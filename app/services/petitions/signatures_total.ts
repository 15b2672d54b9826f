import db from '@adonisjs/lucid/services/db'

/**
 * How long a process reuses the site's total of confirmed signatures:
 * counter flushes drop it at once (listeners/forget_cached_copies; those of
 * other processes through Redis, or without it within this time).
 */
const TOTAL_CACHE_MS = 30_000

let kept: { at: number; total: number } | null = null

/** A flush counted signatures: the next total is read afresh. */
export function forgetSignaturesTotal() {
  kept = null
}

/**
 * The site's total of confirmed, active signatures: the sum of the
 * petitions' counter columns (which count exactly those), one query at
 * most every 30 seconds per process, never a scan of signatures.
 */
export async function confirmedSignaturesTotal() {
  if (kept && Date.now() - kept.at < TOTAL_CACHE_MS) return kept.total
  const [row] = await db
    .from('petitions')
    .select(db.raw('COALESCE(SUM(support_count + oppose_count), 0) AS total'))
  const total = Number((row as { total: number | string } | undefined)?.total ?? 0)
  kept = { at: Date.now(), total }
  return total
}
