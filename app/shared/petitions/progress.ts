const oneDecimal = (value: number) => Math.round(value * 10) / 10

/**
 * The counts a card shows: total = support + oppose;
 * percentage of the target reached by support; with opposition, each side's
 * share of the total (0 and 0 when nobody signed yet).
 */
export function petitionProgress(petition: {
  supportCount: number
  opposeCount: number
  targetSignatures: number
}) {
  const total = petition.supportCount + petition.opposeCount
  return {
    totalSignatures: total,
    percentage:
      petition.targetSignatures > 0
        ? oneDecimal((petition.supportCount / petition.targetSignatures) * 100)
        : 0,
    positivePercentage: total > 0 ? oneDecimal((petition.supportCount / total) * 100) : 0,
    negativePercentage: total > 0 ? oneDecimal((petition.opposeCount / total) * 100) : 0,
  }
}
