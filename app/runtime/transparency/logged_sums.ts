import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { CountChange } from '#runtime/transparency/log_appends'

/** A petition's counts as the log's leaves add up: online support, opposition and paper. */
export type LoggedCounts = { support: number; oppose: number; paper: number }

const ZERO: LoggedCounts = { support: 0, oppose: 0, paper: 0 }

/**
 * The counts the log's leaves add up to, per petition guid (all petitions,
 * or the one given): what an auditor recomputes, read with one grouped query.
 */
export async function loggedCounts(client: QueryClientContract, guid?: string) {
  const rows: Array<{ petition_guid: string; event: string; side: string; total: unknown }> =
    await client
      .from('transparency_log_leaves')
      .if(guid, (query) => query.where('petition_guid', guid!))
      .groupBy('petition_guid', 'event', 'side')
      .select('petition_guid', 'event', 'side', client.raw('sum(n) as total'))
  const sums = new Map<string, LoggedCounts>()
  for (const row of rows) {
    const counts = sums.get(row.petition_guid) ?? { ...ZERO }
    const total = Number(row.total)
    if (row.event === 'paper') counts.paper += total
    else if (row.event === 'paper-remove') counts.paper -= total
    else
      counts[row.side === 'oppose' ? 'oppose' : 'support'] += row.event === 'add' ? total : -total
    sums.set(row.petition_guid, counts)
  }
  return sums
}

/**
 * The leaves that bring the log's sums for a petition to its true counts
 * (a recount's correction, or the counts of a site from before the log):
 * add or remove with the difference as `n` and no commitment, paper or
 * paper-remove for the verified paper signatures. None when they agree.
 */
export function corrections(
  petition: string,
  truth: LoggedCounts,
  logged: LoggedCounts = ZERO
): CountChange[] {
  const changes: CountChange[] = []
  for (const side of ['support', 'oppose'] as const) {
    const difference = truth[side] - logged[side]
    if (difference !== 0) {
      changes.push({
        petition,
        event: difference > 0 ? 'add' : 'remove',
        side,
        n: Math.abs(difference),
      })
    }
  }
  const paper = truth.paper - logged.paper
  if (paper !== 0) {
    changes.push({
      petition,
      event: paper > 0 ? 'paper' : 'paper-remove',
      side: 'support',
      n: Math.abs(paper),
    })
  }
  return changes
}
