/** A paper batch waits for a moderator, who verifies it (it counts) or rejects it (with a reason). */
export const PAPER_BATCH_STATUSES = ['pending', 'verified', 'rejected'] as const
export type PaperBatchStatus = (typeof PAPER_BATCH_STATUSES)[number]

/** The most signatures one batch may claim: a day's stand, not a whole campaign in one number. */
export const MAX_PAPER_BATCH_SIGNATURES = 100_000

/** Batches a petition may have waiting for a moderator at once. */
export const MAX_PENDING_PAPER_BATCHES = 20

/** Where a batch was collected, or a petition handed over; who received it. */
export const PAPER_PLACE_MAX_LENGTH = 200

/** A moderator's reason for a decision on a batch. */
export const PAPER_REASON_MAX_LENGTH = 1000

/**
 * The supporting signatures collected online: `supportCount` holds the
 * verified paper ones too, so that the target and the milestones count them.
 */
export function onlineSupport(petition: { supportCount: number; paperCount: number }) {
  return Math.max(0, petition.supportCount - petition.paperCount)
}
