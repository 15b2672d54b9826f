import { useState } from 'react'
import { useTranslation } from '~/i18n/context.tsx'

/** A step of the chart: what it added (paper included), of it verified online, the total after it. */
export type Row = {
  at: number
  daily: boolean
  added: number
  paper: number
  verified: number
  total: number
}

/**
 * The chart's figures behind a disclosure, built only once opened: each
 * step with what it added (paper apart when there is any, and of it the
 * signatures with a verified identity when there are any) and, for a
 * history, the total after it, after the signatures counted before the
 * history was kept.
 */
export default function ChartTable({
  rows,
  history,
  before,
  formats,
}: {
  rows: Row[]
  history: boolean
  before: number
  formats: { number: (value: number) => string; when: (row: Row) => string }
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const withPaper = rows.some((row) => row.paper !== 0)
  const withVerified = rows.some((row) => row.verified !== 0)
  return (
    <details className="mt-2" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary data-testid="signatures-chart-figures">{t('page.growth.figures')}</summary>
      {open && (
        <div className="table-responsive signatures-chart-table mt-2">
          <table className="table table-sm mb-0" data-testid="signatures-chart-table">
            <thead>
              <tr>
                <th scope="col">{t(history ? 'page.growth.when' : 'page.growth.hour')}</th>
                <th scope="col" className="text-end">
                  {t(history ? 'page.growth.added' : 'page.growth.signatures')}
                </th>
                {withPaper && (
                  <th scope="col" className="text-end">
                    {t('page.growth.paper')}
                  </th>
                )}
                {withVerified && (
                  <th scope="col" className="text-end">
                    {t('page.growth.verified')}
                  </th>
                )}
                {history && (
                  <th scope="col" className="text-end">
                    {t('page.growth.total')}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {history && before !== 0 && (
                <tr>
                  <th scope="row" className="fw-normal">
                    {t('page.growth.earlier')}
                  </th>
                  <td className="text-end">{formats.number(before)}</td>
                  {withPaper && <td />}
                  {withVerified && <td />}
                  <td className="text-end">{formats.number(before)}</td>
                </tr>
              )}
              {rows.map((row) => (
                <tr key={row.at}>
                  <th scope="row" className="fw-normal">
                    <time dateTime={new Date(row.at).toISOString()}>{formats.when(row)}</time>
                  </th>
                  <td className="text-end">{formats.number(row.added)}</td>
                  {withPaper && <td className="text-end">{formats.number(row.paper)}</td>}
                  {withVerified && (
                    <td className="text-end" data-testid="signatures-chart-verified">
                      {formats.number(row.verified)}
                    </td>
                  )}
                  {history && <td className="text-end">{formats.number(row.total)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  )
}
