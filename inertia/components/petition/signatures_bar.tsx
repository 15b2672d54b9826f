import { ProgressBar } from 'react-bootstrap'
import type { Data } from '@generated/data'

type Progress = Pick<
  Data.PetitionCard,
  'allowOpposite' | 'percentage' | 'positivePercentage' | 'negativePercentage'
>

/**
 * A petition's progress: with allowOpposite, a two-sided bar,
 * opposition on the left, and 'n% / p%'; otherwise support towards the target.
 */
export default function SignaturesBar({ petition }: { petition: Progress }) {
  if (petition.allowOpposite) {
    return (
      <>
        <ProgressBar>
          <ProgressBar variant="danger" now={petition.negativePercentage} />
          <ProgressBar variant="success" now={petition.positivePercentage} />
        </ProgressBar>
        <p className="small mt-1 mb-0">{`${petition.negativePercentage}% / ${petition.positivePercentage}%`}</p>
      </>
    )
  }
  return <ProgressBar now={Math.min(100, petition.percentage)} label={`${petition.percentage}%`} />
}
