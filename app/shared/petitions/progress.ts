import { onlineSupport } from '#shared/petitions/paper'

const oneDecimal = (value: number) => Math.round(value * 10) / 10

/** What a petition's counts are made of: its counter columns and its goal. */
export type CountedPetition = {
  supportCount: number
  opposeCount: number
  paperCount: number
  /** Counted signatures (either side) whose signer an identity provider verified. */
  verifiedCount: number
  targetSignatures: number
}

/**
 * A petition's numbers, one definition for every place that shows them
 * (its page, the phone bar, cards, open data, the widget, the delivery
 * package). Supporters (`supportCount`) are the online supporters and the
 * verified paper signatures: the goal, the progress and what is still
 * needed count them, and `onlineSupportCount + paperCount = supportCount`.
 * Opposition is apart. `totalSignatures` is everyone who signed: supporters
 * and opponents. With opposition, each side's share of that total (0 and 0
 * before anyone signed). `verifiedCount`: of the signatures counted online,
 * those whose signer verified their identity.
 */
export function petitionProgress(petition: CountedPetition) {
  const { supportCount, opposeCount, paperCount, verifiedCount, targetSignatures } = petition
  const total = supportCount + opposeCount
  return {
    supportCount,
    opposeCount,
    paperCount,
    verifiedCount,
    onlineSupportCount: onlineSupport(petition),
    totalSignatures: total,
    neededSignatures: Math.max(0, targetSignatures - supportCount),
    percentage: targetSignatures > 0 ? oneDecimal((supportCount / targetSignatures) * 100) : 0,
    positivePercentage: total > 0 ? oneDecimal((supportCount / total) * 100) : 0,
    negativePercentage: total > 0 ? oneDecimal((opposeCount / total) * 100) : 0,
  }
}

export type PetitionProgress = ReturnType<typeof petitionProgress>

/**
 * Whether its numbers show opposition apart: it allows opposition, or had
 * some before its owner turned that off (those signatures still count as
 * signed).
 */
export function showsOpposition(petition: { allowOpposite: boolean; opposeCount: number }) {
  return petition.allowOpposite || petition.opposeCount > 0
}

/** A line of text about the counts: its translation key and the numbers it takes. */
export type CountLine = { key: string; values: Record<string, number> }

/**
 * The lines a petition's count says, in order, for the page and the widget
 * alike: supporters of the goal (named "signatures" when there is no
 * opposition, since then every signer supports it); how many signatures
 * carry a verified identity, when some do or the petition takes only those;
 * online + paper = supporters, when paper was verified; the opposition, apart.
 */
export function countLines(
  petition: PetitionProgress & {
    allowOpposite: boolean
    targetSignatures: number
    identityRequired: boolean
  }
): CountLine[] {
  const opposition = showsOpposition(petition)
  const lines: CountLine[] = [
    {
      key: opposition ? 'page.show.supporters_of' : 'page.show.signatures_of',
      values: { total: petition.supportCount, target: petition.targetSignatures },
    },
  ]
  if (petition.verifiedCount > 0 || petition.identityRequired) {
    lines.push({ key: 'page.show.verified', values: { count: petition.verifiedCount } })
  }
  if (petition.paperCount > 0) {
    lines.push({
      key: 'page.paper.split',
      values: {
        online: petition.onlineSupportCount,
        paper: petition.paperCount,
        total: petition.supportCount,
      },
    })
  }
  if (opposition) {
    lines.push({ key: 'page.show.opposition', values: { count: petition.opposeCount } })
  }
  return lines
}

/**
 * "245 signed" where space is short (cards, the phone bar): everyone who
 * signed, and with opposition how they split, so that the number adds up
 * with the goal's line ("230 for, 15 against").
 */
export function signedLine(
  petition: Pick<PetitionProgress, 'totalSignatures' | 'supportCount' | 'opposeCount'> & {
    allowOpposite: boolean
  }
): CountLine {
  return showsOpposition(petition)
    ? {
        key: 'page.petition_card.signed_sides',
        values: {
          totalSignatures: petition.totalSignatures,
          support: petition.supportCount,
          oppose: petition.opposeCount,
        },
      }
    : { key: 'page.petition_card.signed', values: { totalSignatures: petition.totalSignatures } }
}
