import type { Data } from '@generated/data'

type Translate = (key: string, values?: Record<string, unknown>) => string

/** Why a petition waits, in words: "Reported (2)", "Paper to verify (1)", "New". */
export function queueReasonLabel(t: Translate, petition: Data.ModeratedPetition) {
  const count =
    petition.queueReason === 'paper_to_verify' ? petition.pendingPaperBatches : petition.openReports
  return t(`page.moderation.queue_reasons.${petition.queueReason}`, { count })
}
