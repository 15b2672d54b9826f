import { useMemo } from 'react'
import { Col, Form, Row } from 'react-bootstrap'
import { useTranslation } from '~/i18n/context.tsx'
import { useHydrated } from '~/lib/use_hydrated.ts'
import type { ListFilters, ListSort, ListStatus } from '@app/shared/petitions/list_filters.ts'
import { PETITION_TOPICS, type PetitionTopic } from '@app/shared/petitions/topics.ts'
import { countriesByName, type CountryCode } from '@app/shared/countries.ts'
import { LOCALES, type Locale } from '@app/i18n/locales.ts'

const STATUSES: ListStatus[] = ['open', 'successful', 'closed', 'victory', 'awaiting']

/** A language's own name in the page's language, capitalised ("Español", "Українська" on uk). */
function languageName(code: string, locale: Locale) {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)
}

/**
 * The list's selects (status, language, topic, country, order): each
 * choice shows at once and asks for its list through `show`. On phones
 * they fold away until `open`.
 */
export default function ListFilterSelects({
  id,
  open,
  chosen,
  sorts,
  show,
}: {
  id: string
  open: boolean
  chosen: ListFilters
  sorts: ListSort[]
  show: (next: Partial<ListFilters>) => void
}) {
  const { t, locale } = useTranslation()
  // Every language first (the default), then the page's own, then the others by name.
  const languages = useMemo(() => {
    const collator = new Intl.Collator(locale)
    const others = LOCALES.filter((code) => code !== locale)
      .map((code) => ({ code, name: languageName(code, locale) }))
      .sort((a, b) => collator.compare(a.name, b.name))
    return [{ code: locale, name: languageName(locale, locale) }, ...others]
  }, [locale])
  // By name in the page's language; "Other" last, where a reader looks for what fits nowhere.
  const topics = useMemo(() => {
    const collator = new Intl.Collator(locale)
    return PETITION_TOPICS.map((topic) => ({ topic, name: t(`page.topics.${topic}`) })).sort(
      (a, b) =>
        Number(a.topic === 'other') - Number(b.topic === 'other') ||
        collator.compare(a.name, b.name)
    )
  }, [locale, t])
  // As in CountrySelect: the server's and the browser's CLDR differ in a few
  // names and in their order, so the server renders the chosen country
  // alone and the browser lists them all once hydrated.
  const allCountries = useMemo(() => countriesByName(locale), [locale])
  const hydrated = useHydrated()
  const countries = hydrated
    ? allCountries
    : allCountries.filter(({ code }) => code === chosen.country)

  return (
    <Row id={id} className={`g-3 align-items-end mt-0 ${open ? '' : 'd-none d-md-flex'}`}>
      <Col xs={12} sm={6} md={4} lg>
        <Form.Label htmlFor="petition-status">{t('page.list.status_label')}</Form.Label>
        <Form.Select
          id="petition-status"
          name="status"
          value={chosen.status ?? ''}
          onChange={(event) => show({ status: (event.target.value || null) as ListStatus | null })}
        >
          <option value="">{t('page.list.status.all')}</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`page.list.status.${status}`)}
            </option>
          ))}
        </Form.Select>
      </Col>
      <Col xs={12} sm={6} md={4} lg>
        <Form.Label htmlFor="petition-lang">{t('page.list.lang_label')}</Form.Label>
        <Form.Select
          id="petition-lang"
          name="lang"
          value={chosen.lang}
          onChange={(event) => show({ lang: event.target.value as ListFilters['lang'] })}
        >
          <option value="all">{t('page.list.lang_all')}</option>
          {languages.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </Form.Select>
      </Col>
      <Col xs={12} sm={6} md={4} lg>
        <Form.Label htmlFor="petition-topic">{t('page.list.topic_label')}</Form.Label>
        <Form.Select
          id="petition-topic"
          name="topic"
          value={chosen.topic ?? ''}
          onChange={(event) =>
            show({ topic: (event.target.value || null) as PetitionTopic | null })
          }
        >
          <option value="">{t('page.list.topic_all')}</option>
          {topics.map(({ topic, name }) => (
            <option key={topic} value={topic}>
              {name}
            </option>
          ))}
        </Form.Select>
      </Col>
      <Col xs={12} sm={6} md={4} lg>
        <Form.Label htmlFor="petition-country-filter">{t('page.list.country_label')}</Form.Label>
        <Form.Select
          id="petition-country-filter"
          name="country"
          value={chosen.country ?? ''}
          onChange={(event) =>
            show({ country: (event.target.value || null) as CountryCode | null })
          }
        >
          <option value="">{t('page.list.country_all')}</option>
          {countries.map(({ code, name }) => (
            <option key={code} value={code} suppressHydrationWarning>
              {name}
            </option>
          ))}
        </Form.Select>
      </Col>
      <Col xs={12} sm={6} md={4} lg>
        <Form.Label htmlFor="petition-sort">{t('page.list.sort_label')}</Form.Label>
        <Form.Select
          id="petition-sort"
          name="sort"
          value={chosen.sort}
          onChange={(event) => show({ sort: event.target.value as ListSort })}
        >
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {t(`page.list.sort.${sort}`)}
            </option>
          ))}
        </Form.Select>
      </Col>
    </Row>
  )
}
