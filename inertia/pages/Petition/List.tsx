import { type FormEvent, useState } from 'react'
import { Link, router } from '@inertiajs/react'
import { Link as RouteLink } from '@adonisjs/inertia/react'
import { Alert, Button, Col, Container, Form, InputGroup, Row } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import PetitionCard from '~/components/petition/petition_card.tsx'
import Pagination from '~/components/pagination.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import type { Data } from '@generated/data'
import type { Paginated } from '@app/shared/pagination.ts'
import type { ListFilters, ListSort, ListStatus } from '@app/shared/petitions/list_filters.ts'
import type { Locale } from '@app/i18n/locales.ts'
import { urlFor } from '~/client.ts'

type PetitionListProps = { petitions: Paginated<Data.PetitionCard>; filters: ListFilters }

const STATUSES: ListStatus[] = ['open', 'successful', 'closed', 'victory', 'awaiting']
const SORTS: ListSort[] = ['newest', 'signatures', 'trending', 'closing']

/** Whether a search has words to look for (as the server reads it: letters, marks, digits). */
const hasWords = (q: string) => /[\p{L}\p{M}\p{N}]/u.test(q)

/** A language's own name in the page's language, capitalised ("Español", "Українська" on uk). */
function languageName(code: string, locale: Locale) {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)
}

/**
 * The query string of a list: only what differs from the defaults (the
 * visitor's language, every status, newest first or best match first when
 * searching), so that links stay short and shared links mean the same.
 */
function queryOf(filters: ListFilters, locale: Locale) {
  const data: Record<string, string> = {}
  if (filters.q.trim()) data.q = filters.q.trim()
  if (filters.status) data.status = filters.status
  if (filters.lang !== locale) data.lang = filters.lang
  if (filters.sort !== (hasWords(filters.q) ? 'relevance' : 'newest')) data.sort = filters.sort
  return data
}

export default function List({ petitions, filters }: PetitionListProps) {
  const { t, locale } = useTranslation()
  const [q, setQ] = useState(filters.q)
  const listUrl = urlFor('petitions.index')

  // A new search or filter starts again at page 1; the search box keeps what was typed.
  const show = (next: Partial<ListFilters>) =>
    router.get(listUrl, queryOf({ ...filters, q, ...next }, locale), {
      preserveState: true,
      preserveScroll: true,
    })

  const search = (event: FormEvent) => {
    event.preventDefault()
    // A new search is ranked by relevance unless an order was chosen.
    const chosen = filters.sort === 'relevance' || filters.sort === 'newest' ? null : filters.sort
    show({ q, sort: chosen ?? (hasWords(q) ? 'relevance' : 'newest') })
  }

  const filtering = filters.q !== '' || filters.status !== null || filters.lang !== locale
  const languages = [...new Set([locale, filters.lang])]
  const sorts = hasWords(filters.q) ? (['relevance', ...SORTS] as ListSort[]) : SORTS

  return (
    <AppLayout
      title={t('page.list.title')}
      description={t('page.list.intro')}
      path={urlFor('petitions.index')}
      // A search's results echo what anyone typed: never a page for search engines.
      noindex={filters.q !== ''}
    >
      <section className="hero py-5">
        <Container>
          <h1 className="display-6 fw-bold">{t('page.list.title')}</h1>
          <p className="lead mb-0">{t('page.list.intro')}</p>
        </Container>
      </section>
      <Container className="page-section">
        <Form
          role="search"
          method="get"
          action={listUrl}
          onSubmit={search}
          className="mb-4"
          aria-label={t('page.list.search_label')}
        >
          <Row className="g-3 align-items-end">
            <Col xs={12} lg={4}>
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
            <Col xs={12} sm={4} lg={3}>
              <Form.Label htmlFor="petition-status">{t('page.list.status_label')}</Form.Label>
              <Form.Select
                id="petition-status"
                name="status"
                value={filters.status ?? ''}
                onChange={(event) =>
                  show({ status: (event.target.value || null) as ListStatus | null })
                }
              >
                <option value="">{t('page.list.status.all')}</option>
                {STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`page.list.status.${status}`)}
                  </option>
                ))}
              </Form.Select>
            </Col>
            <Col xs={12} sm={4} lg={2}>
              <Form.Label htmlFor="petition-lang">{t('page.list.lang_label')}</Form.Label>
              <Form.Select
                id="petition-lang"
                name="lang"
                value={filters.lang}
                onChange={(event) => show({ lang: event.target.value as ListFilters['lang'] })}
              >
                {languages
                  .filter((code) => code !== 'all')
                  .map((code) => (
                    <option key={code} value={code}>
                      {languageName(code, locale)}
                    </option>
                  ))}
                <option value="all">{t('page.list.lang_all')}</option>
              </Form.Select>
            </Col>
            <Col xs={12} sm={4} lg={3}>
              <Form.Label htmlFor="petition-sort">{t('page.list.sort_label')}</Form.Label>
              <Form.Select
                id="petition-sort"
                name="sort"
                value={filters.sort}
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
        </Form>

        <p className="text-body-secondary" role="status" data-testid="result-count">
          {t('page.list.count', { count: petitions.total })}
        </p>

        {petitions.data.length === 0 ? (
          filtering ? (
            <Alert variant="info" data-testid="no-match">
              {filters.q
                ? t('page.list.no_match_search', { q: filters.q })
                : t('page.list.no_match')}{' '}
              <Link href={listUrl} onClick={() => setQ('')}>
                {t('page.list.clear')}
              </Link>
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
