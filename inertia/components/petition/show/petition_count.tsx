import { useTranslation } from '~/i18n/context.tsx'
import { countLines, type PetitionProgress } from '@app/shared/petitions/progress.ts'

type Counted = PetitionProgress & {
  allowOpposite: boolean
  targetSignatures: number
  identityRequired: boolean
}

/** Test ids of the lines under the goal's, by their text. */
const DETAIL_IDS: Record<string, string> = {
  'page.paper.split': 'paper-split',
  'page.show.opposition': 'opposition-count',
  'page.show.verified': 'verified-count',
}

/**
 * A petition's count, as every place says it (`countLines`): supporters of
 * the goal, then, smaller, online + paper = supporters and the opposition
 * apart.
 */
export default function PetitionCount({
  petition,
  className,
  detailClassName,
  testId,
}: {
  petition: Counted
  className?: string
  detailClassName?: string
  testId: string
}) {
  const { t } = useTranslation()
  const [goal, ...details] = countLines(petition)
  return (
    <>
      <p className={className} data-testid={testId}>
        {t(goal.key, goal.values)}
      </p>
      {details.map((line) => (
        <p key={line.key} className={detailClassName} data-testid={DETAIL_IDS[line.key]}>
          {t(line.key, line.values)}
        </p>
      ))}
    </>
  )
}
