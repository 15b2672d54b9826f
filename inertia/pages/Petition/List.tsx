import { type FormEvent, useState } from 'react'
import { Link, router } from '@inertiajs/react'
import { Link as RouteLink } from '@adonisjs/inertia/react'
import { Alert, Button, Col, Container, Form, InputGroup, Row } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import PetitionCard from '~/components/petition/petition_card.tsx'
import { FeedLinks, ListDataLinks } from '~/components/petition/list_links.tsx'
import ListFilterSelects from '~/components/petition/list_filter_selects.tsx'
import Pagination from '~/components/pagination.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import type { Data } from '@generated/data'
import type { Paginated } from '@app/shared/pagination.ts'
import {
  LIST_COUNT_CAP,
  isCappedTotal,
  listQueryString,
  searchWords,
  type ListFilters,
  type ListSort,
} from '@app/shared/petitions/list_filters.ts'
import { countryName } from '@app/shared/countries.ts'
import type { Locale } from '@app/i18n/locales.ts'
import { urlFor } from '~/client.ts'

type PetitionListProps = { petitions: Paginated<Data.PetitionCard>; filters: ListFilters }

const SORTS: ListSort[] = ['newest', 'signatures', 'trending', 'closing']

/** The panel of selects that folds behind the "Filters" button on phones. */
const FILTERS_ID = 'petition-filters'

/** Whether a search has words to look for, as the server reads it. */
const hasWords = (q: string) => searchWords(q).length > 0

/** How many filters narrow the list (the order is not one). */
const activeFiltersOf = (filters: ListFilters) =>
  [
    filters.status !== null,
    filters.lang !== 'all',
    filters.topic !== null,
    filters.country !== null,
  ].filter(Boolean).length

/** The page's heading and title: the topic's and the country's page when one is chosen. */
function headingOf(
  filters: ListFilters,
  t: ReturnType<typeof useTranslation>['t'],
  locale: Locale
) {
  const topic = filters.topic ? t(`page.topics.${filters.topic}`) : null
  const country = filters.country ? countryName(filters.country, locale) : null
  if (topic && country) return t('page.list.topic_country_title', { topic, country })
  if (topic) return t('page.list.topic_title', { topic })
  if (country) return t('page.list.country_title', { country })
  return t('page.list.title')
}

export default function List({ petitions, filters }: PetitionListProps) {
  const { t, locale } = useTranslation()
  const [q, setQ] = useState(filters.q)
  // What the selects show: the choice at once, while its list loads (a
  // controlled select would spring back to the old value until then, and
  // choosing by typing or with the arrow keys would go astray); the list's
  // filters again whenever a response brings them.
  const [chosen, setChosen] = useState(filters)
  const [shownFilters, setShownFilters] = useState(filters)
  if (shownFilters !== filters) {
    setShownFilters(filters)
    setChosen(filters)
  }
  // Phones only: the selects open below the search box on demand (always shown from md up).
  const [filtersOpen, setFiltersOpen] = useState(false)
  const listUrl = urlFor('petitions.index')

  // A new search or filter starts again at page 1; the search box keeps what was typed.
  // The shared query string: the client's links and the server's page links agree.
  const show = (next: Partial<ListFilters>) => {
    const wanted = { ...chosen, q: q.trim(), ...next }
    setChosen(wanted)
    router.get(listUrl, listQueryString(wanted), { preserveState: true, preserveScroll: true })
  }

  const search = (event: FormEvent) => {
    event.preventDefault()
    // A new search is ranked by relevance unless an order was chosen.
    const sort = chosen.sort === 'relevance' || chosen.sort === 'newest' ? null : chosen.sort
    show({ sort: sort ?? (hasWords(q) ? 'relevance' : 'newest') })
  }

  // The "Filters (2)" button on phones counts the choices made; the empty list, those applied.
  const activeFilters = activeFiltersOf(chosen)
  const filtering = filters.q !== '' || activeFiltersOf(filters) > 0
  const sorts = hasWords(filters.q) ? (['relevance', ...SORTS] as ListSort[]) : SORTS

  const heading = headingOf(filters, t, locale)
  const clearLink = (
    <Link href={listUrl} onClick={() => setQ('')}>
      {t('page.list.clear')}
    </Link>
  )

  return (
    <AppLayout
      title={heading}
      description={t('page.list.intro')}
      path={urlFor('petitions.index')}
      // A search's results echo what anyone typed: never a page for search engines.
      noindex={filters.q !== ''}
    >
      {/* Smaller on phones, so that the first petition shows on the first screen. */}
      <section className="hero py-4 py-md-5">
        <Container>
          {/* A country's name may be spelt differently by the server. */}
          <h1 className="display-6 fw-bold" suppressHydrationWarning>
            {heading}
          </h1>
          <p className="lead mb-0">{t('page.list.intro')}</p>
        </Container>
      </section>
      <Container className="page-section">
        {/* A GET form: without JavaScript the search is sent with every select's value. */}
        <Form
          role="search"
          method="get"
          action={listUrl}
          onSubmit={search}
          className="mb-4"
          aria-label={t('page.list.search_label')}
        >
          <Row className="g-3 align-items-end">
            <Col xs={12} md={8} lg={6}>
              <Form.Label htmlFor="petition-search">{t('page.list.search_label')}</Form.Label>
              <InputGroup>
                <Form.Control
                  id="petition-search"
                  type="search"
                  name="q"
                  value={q}
                  maxLength={200}
                  placeholder={t('page.list.search_placeholder')}
                  onChange={(event) => setQ(event.target.value)}
                />
                <Button type="submit" variant="primary">
                  {t('page.list.search_submit')}
                </Button>
              </InputGroup>
            </Col>
            <Col xs={12} className="d-md-none">
              <Button
                type="button"
                variant="outline-primary"
                aria-expanded={filtersOpen}
                aria-controls={FILTERS_ID}
                onClick={() => setFiltersOpen((open) => !open)}
                data-testid="filters-toggle"
              >
                {t('page.list.filters_toggle', { count: activeFilters })}
              </Button>
            </Col>
          </Row>
          <ListFilterSelects
            id={FILTERS_ID}
            open={filtersOpen}
            chosen={chosen}
            sorts={sorts}
            show={show}
          />
        </Form>

        <div className="d-flex flex-wrap column-gap-3 align-items-baseline mb-3">
          <p className="text-body-secondary mb-0" role="status" data-testid="result-count">
            {isCappedTotal(petitions.total)
              ? t('page.list.count_more', {
                  count: new Intl.NumberFormat(locale).format(LIST_COUNT_CAP),
                })
              : t('page.list.count', { count: petitions.total })}
          </p>
          {/* With results the way back to the whole list stays in sight; without, the alert offers it. */}
          {filtering && petitions.data.length > 0 ? clearLink : null}
          <FeedLinks topic={filters.topic} country={filters.country} />
          <ListDataLinks query={listQueryString(filters)} />
        </div>

        {petitions.data.length === 0 ? (
          filtering ? (
            <Alert variant="info" data-testid="no-match">
              {filters.q
                ? t('page.list.no_match_search', { q: filters.q })
                : t('page.list.no_match')}{' '}
              {clearLink}
            </Alert>
          ) : (
            <Alert variant="warning" data-testid="no-petitions">
              {t('page.list.empty')}{' '}
              <RouteLink route="petitions.create">{t('page.list.start_one')}</RouteLink>
            </Alert>
          )
        ) : (
          <Row xs={1} md={2} className="g-4">
            {petitions.data.map((petition) => (
              <Col key={petition.guid}>
                <PetitionCard petition={petition} />
              </Col>
            ))}
          </Row>
        )}
        <div className="mt-4">
          <Pagination links={petitions.links} />
        </div>
      </Container>
    </AppLayout>
  )
}
