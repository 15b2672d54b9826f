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
      <FilterSelect
        id="petition-status"
        name="status"
        label={t('page.list.status_label')}
        value={chosen.status ?? ''}
        options={[
          { value: '', label: t('page.list.status.all') },
          ...STATUSES.map((status) => ({ value: status, label: t(`page.list.status.${status}`) })),
        ]}
        onChange={(value) => show({ status: (value || null) as ListStatus | null })}
      />
      <FilterSelect
        id="petition-lang"
        name="lang"
        label={t('page.list.lang_label')}
        value={chosen.lang}
        options={[
          { value: 'all', label: t('page.list.lang_all') },
          ...languages.map(({ code, name }) => ({ value: code, label: name })),
        ]}
        onChange={(value) => show({ lang: value as ListFilters['lang'] })}
      />
      <FilterSelect
        id="petition-topic"
        name="topic"
        label={t('page.list.topic_label')}
        value={chosen.topic ?? ''}
        options={[
          { value: '', label: t('page.list.topic_all') },
          ...topics.map(({ topic, name }) => ({ value: topic, label: name })),
        ]}
        onChange={(value) => show({ topic: (value || null) as PetitionTopic | null })}
      />
      <FilterSelect
        id="petition-country-filter"
        name="country"
        label={t('page.list.country_label')}
        value={chosen.country ?? ''}
        options={[
          { value: '', label: t('page.list.country_all') },
          ...countries.map(({ code, name }) => ({ value: code, label: name })),
        ]}
        // The names differ between the server's and the browser's CLDR (see above).
        namesDiffer
        onChange={(value) => show({ country: (value || null) as CountryCode | null })}
      />
      <FilterSelect
        id="petition-sort"
        name="sort"
        label={t('page.list.sort_label')}
        value={chosen.sort}
        options={sorts.map((sort) => ({ value: sort, label: t(`page.list.sort.${sort}`) }))}
        onChange={(value) => show({ sort: value as ListSort })}
      />
    </Row>
  )
}

/** One of the list's selects, with its label above it. */
function FilterSelect({
  id,
  name,
  label,
  value,
  options,
  namesDiffer = false,
  onChange,
}: {
  id: string
  name: string
  label: string
  value: string
  options: Array<{ value: string; label: string }>
  namesDiffer?: boolean
  onChange: (value: string) => void
}) {
  return (
    <Col xs={12} sm={6} md={4} lg>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <Form.Select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option
            key={option.value}
            value={option.value}
            suppressHydrationWarning={namesDiffer || undefined}
          >
            {option.label}
          </option>
        ))}
      </Form.Select>
    </Col>
  )
}
