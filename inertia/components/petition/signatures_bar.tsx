import { ProgressBar } from 'react-bootstrap'
import type { Data } from '@generated/data'
import { useTranslation } from '~/i18n/context.tsx'

type Progress = Pick<
  Data.PetitionCard,
  'allowOpposite' | 'percentage' | 'positivePercentage' | 'negativePercentage'
>

/**
 * A petition's progress: with allowOpposite, a two-sided bar,
 * opposition on the left, and 'n% / p%'; otherwise support towards the target.
 */
export default function SignaturesBar({ petition }: { petition: Progress }) {
  const { t } = useTranslation()
  if (petition.allowOpposite) {
    return (
      <>
        <ProgressBar>
          <ProgressBar
            variant="danger"
            now={petition.negativePercentage}
            aria-label={t('page.petition_card.progress_against', {
              percentage: petition.negativePercentage,
            })}
          />
          <ProgressBar
            variant="success"
            now={petition.positivePercentage}
            aria-label={t('page.petition_card.progress_for', {
              percentage: petition.positivePercentage,
            })}
          />
        </ProgressBar>
        <p className="small mt-1 mb-0">{`${petition.negativePercentage}% / ${petition.positivePercentage}%`}</p>
      </>
    )
  }
  // Nested, so that the name lands on the bar (role="progressbar"), not on its frame.
  return (
    <ProgressBar>
      <ProgressBar
        now={Math.min(100, petition.percentage)}
        label={`${petition.percentage}%`}
        aria-label={t('page.petition_card.progress_target', { percentage: petition.percentage })}
      />
    </ProgressBar>
  )
}
