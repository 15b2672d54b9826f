import { Badge, Table } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { COUNTRY_OUTLIER_RULE } from '@app/shared/petitions/country_counts.ts'
import { countryName } from '@app/shared/countries.ts'
import type { Data } from '@generated/data'

/**
 * Where a petition's signers live, for moderators: each country's share of
 * the petition beside its share of the site's other petitions, a country
 * far above it flagged (the rule is stated above the table), so that a
 * flood from one place shows at a glance.
 */
export default function PetitionCountries({ countries }: { countries: Data.CountryShare[] }) {
  const { t, locale } = useTranslation()
  const number = new Intl.NumberFormat(locale)
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 })
  const outliers = countries.filter((country) => country.outlier).length
  return (
    <section className="mb-4" aria-labelledby="countries-title" data-testid="petition-countries">
      <h2 className="h4" id="countries-title">
        {t('page.moderation.countries.title')}
      </h2>
      {countries.length === 0 ? (
        <p className="text-muted">{t('page.moderation.countries.empty')}</p>
      ) : (
        <>
          <p className="small text-muted mb-2">
            {t('page.moderation.countries.rule', {
              min: COUNTRY_OUTLIER_RULE.minSignatures,
              share: percent.format(COUNTRY_OUTLIER_RULE.minShare),
              factor: COUNTRY_OUTLIER_RULE.factor,
            })}
          </p>
          {outliers > 0 && (
            <p className="fw-semibold text-danger-emphasis" data-testid="country-outliers">
              {t('page.moderation.countries.outliers', { count: outliers })}
            </p>
          )}
          {/* Scrolls sideways on a phone: focusable, so that the keyboard scrolls it too. */}
          <div
            className="table-responsive"
            tabIndex={0}
            role="region"
            aria-labelledby="countries-title"
          >
            <Table size="sm" className="mb-0" data-testid="country-shares">
              <thead>
                <tr>
                  <th scope="col">{t('page.moderation.countries.country')}</th>
                  <th scope="col" className="text-end">
                    {t('page.moderation.countries.signatures')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('page.moderation.countries.share')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('page.moderation.countries.site_share')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {countries.map((country) => (
                  <tr
                    key={country.code}
                    className={country.outlier ? 'table-danger' : undefined}
                    data-testid="country-share"
                    data-outlier={country.outlier ? 'true' : undefined}
                  >
                    <th scope="row" className="fw-normal">
                      {countryName(country.code, locale)}{' '}
                      {country.outlier && (
                        <Badge bg="danger">{t('page.moderation.countries.outlier')}</Badge>
                      )}
                    </th>
                    <td className="text-end">{number.format(country.count)}</td>
                    <td className="text-end">{percent.format(country.share)}</td>
                    <td className="text-end">
                      {country.siteShare === null
                        ? t('page.moderation.countries.site_share_unknown')
                        : percent.format(country.siteShare)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </>
      )}
    </section>
  )
}
