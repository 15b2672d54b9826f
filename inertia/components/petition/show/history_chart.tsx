import type { Data } from '@generated/data'
import LazySignaturesChart from '~/components/charts/lazy_signatures_chart.tsx'
import { urlFor } from '~/client.ts'
import { useTranslation } from '~/i18n/context.tsx'

/**
 * "How it grew": the petition's total over its life, from its open-data
 * history (which ends at its count), drawn when the section scrolls into
 * view and fetched again (at most once a minute) as the live count moves.
 * None before its first signature, nor on a draft.
 */
export default function HistoryChart({
  petition,
}: {
  petition: Pick<
    Data.PetitionShow,
    'slug' | 'published' | 'totalSignatures' | 'created' | 'closedAt'
  >
}) {
  const { t } = useTranslation()
  if (!petition.published || petition.totalSignatures === 0) return null
  return (
    <LazySignaturesChart
      openData
      url={urlFor('open_data.history', { slug: petition.slug })}
      variant="history"
      life={{ created: petition.created, closedAt: petition.closedAt }}
      title={t('page.growth.title')}
      refreshKey={petition.totalSignatures}
      className="petition-show-section"
      testId="history-chart-section"
    />
  )
}
