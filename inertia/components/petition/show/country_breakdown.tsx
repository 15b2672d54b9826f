import { useId, useMemo, useState } from 'react'
import { Button } from 'react-bootstrap'
import SharesTable, { shareFormat } from '~/components/shares_table.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { countryName, UNKNOWN_COUNTRY } from '@app/shared/countries.ts'
import WorldMap from '~/components/petition/show/world_map.tsx'
import type { CountryCountData } from '~/components/petition/show/signers_map_section.tsx'

/** How many countries the list under the map names. */
const TOP = 10

export type NamedShare = { code: string; name: string; count: number; share: number }

/**
 * Where a petition's signers live: the choropleth map (decorative for
 * screen readers, which get the table), the ten countries with the most
 * signatures, and every country in a table behind a button. Names come
 * from Intl.DisplayNames in the page's language; numbers and shares are
 * formatted in it too.
 */
export default function CountryBreakdown({ counts }: { counts: CountryCountData[] }) {
  const { t, locale } = useTranslation()
  const [open, setOpen] = useState(false)
  const tableId = useId()
  const number = useMemo(() => new Intl.NumberFormat(locale), [locale])
  const percent = useMemo(() => shareFormat(locale), [locale])
  const countries = useMemo<NamedShare[]>(() => {
    const total = counts.reduce((sum, { count }) => sum + count, 0)
    return counts
      .filter(({ count }) => count > 0)
      .map(({ code, count }) => ({
        code,
        name: countryName(code, locale),
        count,
        share: total > 0 ? count / total : 0,
      }))
  }, [counts, locale])

  if (countries.length === 0) {
    return (
      <p className="text-muted mb-0" data-testid="signers-map-empty">
        {t('page.country_map.empty')}
      </p>
    )
  }
  const known = countries.filter(({ code }) => code !== UNKNOWN_COUNTRY).length
  return (
    <div data-testid="signers-map">
      <WorldMap countries={countries} label={t('page.country_map.map_label', { count: known })} />
      <h3 className="h6 fw-bold mt-4 mb-2" id={`${tableId}-top`}>
        {t('page.country_map.top_title')}
      </h3>
      <ol
        className="country-top-list"
        aria-labelledby={`${tableId}-top`}
        data-testid="top-countries"
      >
        {countries.slice(0, TOP).map((country) => (
          <li key={country.code} data-testid="top-country">
            <span className="country-top-name">{country.name}</span>
            <span className="country-top-figures">
              <span data-testid="top-country-count">{number.format(country.count)}</span>
              <span className="text-muted"> · {percent.format(country.share)}</span>
            </span>
            <span
              className="country-top-bar"
              aria-hidden="true"
              style={{ width: `${Math.max(1, Math.round(country.share * 100))}%` }}
            />
          </li>
        ))}
      </ol>
      <Button
        variant="outline-secondary"
        size="sm"
        className="mt-3"
        aria-expanded={open}
        aria-controls={tableId}
        onClick={() => setOpen((shown) => !shown)}
        data-testid="country-table-toggle"
      >
        {open
          ? t('page.country_map.hide_table')
          : t('page.country_map.show_table', { count: countries.length })}
      </Button>
      <div id={tableId} hidden={!open}>
        {open && (
          <SharesTable
            className="mt-3 mb-0 country-table"
            data-testid="country-table"
            caption={t('page.country_map.table_caption')}
            headers={{
              name: t('page.country_map.country'),
              count: t('page.country_map.signatures'),
              share: t('page.country_map.share'),
            }}
            rows={countries.map((country) => ({
              ...country,
              key: country.code,
              rowProps: { 'data-testid': 'country-row' },
            }))}
          />
        )}
      </div>
      {countries.some(({ code }) => code === UNKNOWN_COUNTRY) && (
        <p className="small text-muted mt-3 mb-0">
          {t('page.country_map.unknown_note', { name: countryName(UNKNOWN_COUNTRY, locale) })}
        </p>
      )}
    </div>
  )
}
