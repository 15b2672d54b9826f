import type Petition from '#models/petition'
import { commitmentOf } from '#support/receipts'
import { receiptOf } from '#shared/transparency_log'
import { countingLeaves, leafCountOf, leafIndexesOf } from '#services/transparency/log_entries'
import { treeHeadCovering } from '#services/transparency/tree_heads'

/** Leaf indexes a petition's log answers at once; `nextAfter` pages on. */
export const PETITION_LEAVES_PAGE = 10_000

/**
 * A petition in the transparency log: its counts, the tree size they
 * correspond to, the latest signed head that covers it (null for the
 * seconds until the next one), and the indexes of its leaves after `after`.
 */
export async function petitionLog(petition: Petition, after: number) {
  const treeSize = Number(petition.logTreeSize)
  const [treeHead, leaves] = await Promise.all([
    treeHeadCovering(treeSize),
    leafIndexesOf(petition.guid, after, PETITION_LEAVES_PAGE),
  ])
  return {
    petition: petition.guid,
    slug: petition.slug,
    treeSize,
    treeHead,
    supportCount: petition.supportCount,
    opposeCount: petition.opposeCount,
    paperCount: petition.paperCount,
    leaves,
    nextAfter: leaves.length === PETITION_LEAVES_PAGE ? leaves[leaves.length - 1] : null,
  }
}

/**
 * Signers' receipts, by their signatures' secrets: the leaf that counted
 * each and its secret. A signature not in the log (its flush is a second
 * away, it does not count, or it is from before receipts) has none.
 */
export async function receiptsOf(secrets: Array<string | null>) {
  const known = secrets.filter((secret): secret is string => Boolean(secret))
  const commitments = new Map(known.map((secret) => [secret, commitmentOf(secret)]))
  const leaves = await countingLeaves([...commitments.values()])
  const receipts = new Map<string, string>()
  for (const [secret, commitment] of commitments) {
    const index = leaves.get(commitment)
    if (index !== undefined) receipts.set(secret, receiptOf(index, secret))
  }
  return receipts
}

/**
 * What a delivery package prints so that its counts can be checked on
 * paper: the signed head that covers the petition's counts (null for the
 * seconds until the next one) and how many of its leaves it holds.
 */
export async function logProofOf(petition: Petition) {
  const treeSize = Number(petition.logTreeSize)
  const [head, leaves] = await Promise.all([
    treeHeadCovering(treeSize),
    leafCountOf(petition.guid, treeSize),
  ])
  return { head, leaves, treeSize }
}
