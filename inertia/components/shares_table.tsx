import type { ComponentProps, ReactNode } from 'react'
import { Table } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'

/** A share as the site writes it: a percentage with at most one decimal. */
export function shareFormat(locale: string) {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 })
}

/** A row: what the share is of (the row's header), its signatures and their share. */
export type ShareRow = {
  key: string
  name: ReactNode
  count: number
  share: number
  /** The row's cells after the share (`<td>`s). */
  more?: ReactNode
  /** The row's own attributes (class, test id). */
  rowProps?: ComponentProps<'tr'> & { [data: `data-${string}`]: string | undefined }
}

/**
 * Signatures split by what they share (a country, a network, a domain):
 * a row each with its count and share, in the page's language. `headers`
 * names the columns, `more` the columns after the share (`<th>`s). Given
 * `scrollLabelledBy`, it scrolls sideways on a phone in a region that the
 * keyboard can focus, so that the keyboard scrolls it too.
 */
export default function SharesTable({
  headers,
  rows,
  caption,
  nameClassName = 'fw-normal',
  scrollLabelledBy,
  ...tableProps
}: {
  headers: { name: string; count: string; share: string; more?: ReactNode }
  rows: ShareRow[]
  caption?: string
  nameClassName?: string
  scrollLabelledBy?: string
} & Omit<ComponentProps<typeof Table>, 'children'>) {
  const { locale } = useTranslation()
  const number = new Intl.NumberFormat(locale)
  const percent = shareFormat(locale)
  const table = (
    <Table size="sm" {...tableProps}>
      {caption && <caption className="caption-top">{caption}</caption>}
      <thead>
        <tr>
          <th scope="col">{headers.name}</th>
          <th scope="col" className="text-end">
            {headers.count}
          </th>
          <th scope="col" className="text-end">
            {headers.share}
          </th>
          {headers.more}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} {...row.rowProps}>
            <th scope="row" className={nameClassName}>
              {row.name}
            </th>
            <td className="text-end">{number.format(row.count)}</td>
            <td className="text-end">{percent.format(row.share)}</td>
            {row.more}
          </tr>
        ))}
      </tbody>
    </Table>
  )
  if (!scrollLabelledBy) return table
  return (
    <div className="table-responsive" tabIndex={0} role="region" aria-labelledby={scrollLabelledBy}>
      {table}
    </div>
  )
}
