import { ProgressBar } from 'react-bootstrap'
import type { Data } from '@generated/data'
import { useTranslation } from '~/i18n/context.tsx'
import { formatPercent } from '@app/shared/numbers.ts'

type Progress = Pick<
  Data.PetitionCard,
  'allowOpposite' | 'percentage' | 'positivePercentage' | 'negativePercentage' | 'totalSignatures'
>

/** Below this share of the bar its label would not fit inside: it goes beside the bar. */
const LABEL_FITS_FROM = 15

/**
 * A petition's progress: with allowOpposite, a two-sided bar,
 * opposition on the left, under a legend that says in words which colour is
 * which; otherwise support towards the target. Percentages are written in
 * the page's language. Before the first signature, an invitation instead of
 * an empty bar's "0 %".
 */
export default function SignaturesBar({ petition }: { petition: Progress }) {
  const { t, locale } = useTranslation()
  const percent = (value: number) => formatPercent(locale, value)
  const first =
    petition.totalSignatures === 0 ? (
      <p className="small fw-semibold mt-1 mb-0" data-testid="be-first">
        {t('page.petition_page.be_first')}
      </p>
    ) : null
  if (petition.allowOpposite) {
    return (
      <>
        <ProgressBar>
          <ProgressBar
            variant="danger"
            now={petition.negativePercentage}
            aria-label={t('page.petition_card.progress_against', {
              percentage: percent(petition.negativePercentage),
            })}
          />
          <ProgressBar
            variant="success"
            now={petition.positivePercentage}
            aria-label={t('page.petition_card.progress_for', {
              percentage: percent(petition.positivePercentage),
            })}
          />
        </ProgressBar>
        {first ?? (
          <ul className="signatures-legend list-unstyled small mt-1 mb-0" data-testid="bar-legend">
            <li>
              <span className="signatures-legend-swatch bg-success" aria-hidden="true" />
              {t('page.petition_page.legend_support', {
                percentage: percent(petition.positivePercentage),
              })}
            </li>
            <li>
              <span className="signatures-legend-swatch bg-danger" aria-hidden="true" />
              {t('page.petition_page.legend_oppose', {
                percentage: percent(petition.negativePercentage),
              })}
            </li>
          </ul>
        )}
      </>
    )
  }
  const label = percent(petition.percentage)
  const inside = petition.percentage >= LABEL_FITS_FROM
  // Nested, so that the name lands on the bar (role="progressbar"), not on its frame.
  return (
    <>
      <div className="d-flex align-items-center gap-2">
        <ProgressBar className="flex-grow-1">
          <ProgressBar
            now={Math.min(100, petition.percentage)}
            label={inside ? label : undefined}
            aria-label={t('page.petition_card.progress_target', { percentage: label })}
          />
        </ProgressBar>
        {!inside && !first && (
          <span className="small fw-semibold" data-testid="progress-label">
            {label}
          </span>
        )}
      </div>
      {first}
    </>
  )
}
