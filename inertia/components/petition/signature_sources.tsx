import { lazy, Suspense, useCallback, useMemo, useRef } from 'react'
import { Table } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { useInView } from '~/lib/use_in_view.ts'
import { DIRECT_SOURCE, type SignatureSources } from '@app/shared/signature_sources.ts'
import { OTHER_SOURCES, sourcesDrawing } from '~/components/charts/sources_drawing.ts'

// The chart and uPlot are their own chunk, loaded when the section comes into view.
const SourcesChart = lazy(() => import('~/components/charts/sources_chart.tsx'))

/**
 * Where a petition's confirmed signatures came from, for its owner: a table
 * by source (its count and share), a chart by UTC day with a line per
 * largest source, and the chart's figures by day behind a disclosure (the
 * tables are the chart's text alternative).
 */
export default function SignatureSourcesSection({ sources, days }: SignatureSources) {
  const { t, locale } = useTranslation()
  const section = useRef<HTMLElement>(null)
  const inView = useInView(section)
  const label = useCallback(
    (source: string) =>
      source === DIRECT_SOURCE
        ? t('sources.owner.direct')
        : source === OTHER_SOURCES
          ? t('sources.owner.other')
          : source,
    [t]
  )
  const drawing = useMemo(
    () =>
      sourcesDrawing(
        sources.map((row) => row.source),
        days
      ),
    [sources, days]
  )
  const total = sources.reduce((sum, row) => sum + row.confirmed, 0)
  const number = new Intl.NumberFormat(locale)
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 })
  const placeholder = <div className="signatures-chart-placeholder" aria-hidden="true" />

  return (
    <section
      ref={section}
      className="mb-4"
      aria-labelledby="signature-sources-title"
      data-testid="signature-sources"
    >
      <h2 id="signature-sources-title" className="h4 mb-2">
        {t('sources.owner.title')}
      </h2>
      <p className="small text-muted">{t('sources.owner.intro')}</p>
      {sources.length === 0 ? (
        <p className="text-muted" data-testid="signature-sources-empty">
          {t('sources.owner.empty')}
        </p>
      ) : (
        <>
          <Table size="sm" className="w-auto mb-3" data-testid="signature-sources-table">
            <caption className="visually-hidden">{t('sources.owner.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('sources.owner.source')}</th>
                <th scope="col" className="text-end">
                  {t('sources.owner.confirmed')}
                </th>
                <th scope="col" className="text-end">
                  {t('sources.owner.share')}
                </th>
              </tr>
            </thead>
            <tbody>
              {sources.map((row) => (
                <tr key={row.source} data-source={row.source}>
                  <th scope="row" className="fw-normal font-monospace">
                    {label(row.source)}
                  </th>
                  <td className="text-end">{number.format(row.confirmed)}</td>
                  <td className="text-end">{percent.format(row.confirmed / total)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {drawing && (
            <>
              <h3 className="h6">{t('sources.owner.days_title')}</h3>
              {inView ? (
                <Suspense fallback={placeholder}>
                  <SourcesChart drawing={drawing} label={label} />
                </Suspense>
              ) : (
                placeholder
              )}
              <details className="mt-2">
                <summary>{t('sources.owner.figures')}</summary>
                <div className="table-responsive mt-2">
                  <Table size="sm" className="mb-0" data-testid="signature-sources-days">
                    <thead>
                      <tr>
                        <th scope="col">{t('sources.owner.day')}</th>
                        {drawing.lines.map((line) => (
                          <th key={line.source} scope="col" className="text-end">
                            {label(line.source)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {drawing.days.map((at, index) => (
                        <tr key={at}>
                          <th scope="row" className="fw-normal">
                            {new Date(at).toISOString().slice(0, 10)}
                          </th>
                          {drawing.lines.map((line) => (
                            <td key={line.source} className="text-end">
                              {number.format(line.counts[index])}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </Table>
                </div>
              </details>
            </>
          )}
        </>
      )}
    </section>
  )
}
