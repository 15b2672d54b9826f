import { Badge } from 'react-bootstrap'
import SharesTable, { shareFormat } from '~/components/shares_table.tsx'
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
  const percent = shareFormat(locale)
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
          <SharesTable
            className="mb-0"
            data-testid="country-shares"
            scrollLabelledBy="countries-title"
            headers={{
              name: t('page.moderation.countries.country'),
              count: t('page.moderation.countries.signatures'),
              share: t('page.moderation.countries.share'),
              more: (
                <th scope="col" className="text-end">
                  {t('page.moderation.countries.site_share')}
                </th>
              ),
            }}
            rows={countries.map((country) => ({
              key: country.code,
              name: (
                <>
                  {countryName(country.code, locale)}{' '}
                  {country.outlier && (
                    <Badge bg="danger">{t('page.moderation.countries.outlier')}</Badge>
                  )}
                </>
              ),
              count: country.count,
              share: country.share,
              more: (
                <td className="text-end">
                  {country.siteShare === null
                    ? t('page.moderation.countries.site_share_unknown')
                    : percent.format(country.siteShare)}
                </td>
              ),
              rowProps: {
                'className': country.outlier ? 'table-danger' : undefined,
                'data-testid': 'country-share',
                'data-outlier': country.outlier ? 'true' : undefined,
              },
            }))}
          />
        </>
      )}
    </section>
  )
}
