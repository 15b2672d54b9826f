import type { FormEvent } from 'react'
import { Link } from '@adonisjs/inertia/react'
import { useForm } from '@inertiajs/react'
import { Button, Col, Container, Form, Row, Table } from 'react-bootstrap'
import AppLayout from '~/layouts/app_layout.tsx'
import Pagination from '~/components/pagination.tsx'
import { ActorName, EventText } from '~/components/moderation/trail_entry.tsx'
import { useTranslation } from '~/i18n/context.tsx'
import { formatDate } from '~/lib/format_date.ts'
import { urlFor } from '~/client.ts'
import type { Paginated } from '@app/shared/pagination.ts'
import type { LogFilters, TrailActor } from '@app/services/moderation/log.ts'
import type { Data } from '@generated/data'

type LogProps = {
  entries: Paginated<Data.ModerationEvent>
  filters: LogFilters
  actions: Array<Data.ModerationEvent['action']>
  actors: TrailActor[]
}

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }

/** What an entry is about: its petition's moderation page, or the member whose role changed. */
function Subject({ entry }: { entry: Data.ModerationEvent }) {
  const { t } = useTranslation()
  if (entry.petitionId !== null) {
    if (entry.petitionTitle === null) {
      return <>{t('page.moderation.log.deleted_petition', { id: entry.petitionId })}</>
    }
    return (
      <Link route="moderation.petition" routeParams={{ id: entry.petitionId }}>
        {entry.petitionTitle}
      </Link>
    )
  }
  if (entry.userId !== null) {
    return (
      <>
        {entry.memberName
          ? t('page.moderation.log.member', { name: entry.memberName })
          : t('page.moderation.log.deleted_member', { id: entry.userId })}
      </>
    )
  }
  return null
}

/**
 * Moderation/Log: the whole audit trail, newest first, by action and by
 * who acted; each entry links to its petition's moderation page.
 */
export default function Log({ entries, filters, actions, actors }: LogProps) {
  const { t, locale } = useTranslation()
  const form = useForm({ action: filters.action, actor: filters.actor })
  const show = (event: FormEvent) => {
    event.preventDefault()
    // Only the filters chosen go in the address; a new filter starts at page 1.
    form.transform((data) =>
      Object.fromEntries(Object.entries(data).filter(([, value]) => value !== 'all'))
    )
    form.get(urlFor('moderation.log'), { preserveScroll: true })
  }
  return (
    <AppLayout title={t('page.moderation.log.title')} noindex>
      <Container className="page-section">
        <nav className="mb-3" aria-label={t('page.moderation.title')}>
          <Link route="moderation.queue">{t('page.moderation.back_to_queue')}</Link>{' '}
          <Link route="moderation.rules" className="ms-3">
            {t('page.moderation.rules.title')}
          </Link>
        </nav>
        <h1 className="fw-bold">{t('page.moderation.log.title')}</h1>
        <Form
          method="get"
          action={urlFor('moderation.log')}
          onSubmit={show}
          className="mb-3"
          data-testid="log-filters"
        >
          <Row className="g-3 align-items-end">
            <Col xs={12} md={5}>
              <Form.Label htmlFor="log-action">{t('page.moderation.log.action')}</Form.Label>
              <Form.Select
                id="log-action"
                name="action"
                value={form.data.action}
                onChange={(event) =>
                  form.setData('action', event.target.value as LogFilters['action'])
                }
              >
                <option value="all">{t('page.moderation.log.all_actions')}</option>
                {actions.map((action) => (
                  <option key={action} value={action}>
                    {t(`page.moderation.events.${action}`)}
                  </option>
                ))}
              </Form.Select>
            </Col>
            <Col xs={12} md={4}>
              <Form.Label htmlFor="log-actor">{t('page.moderation.log.actor')}</Form.Label>
              <Form.Select
                id="log-actor"
                name="actor"
                value={form.data.actor}
                onChange={(event) => form.setData('actor', event.target.value)}
              >
                <option value="all">{t('page.moderation.log.all_actors')}</option>
                {actors.map((actor) => (
                  <option key={actor.value} value={actor.value}>
                    {actor.value === 'console' ? t('page.moderation.command_line') : actor.name}
                  </option>
                ))}
              </Form.Select>
            </Col>
            <Col xs={12} md={3}>
              <Button type="submit" disabled={form.processing}>
                {t('page.moderation.log.show')}
              </Button>
            </Col>
          </Row>
        </Form>

        <p className="text-body-secondary" role="status" data-testid="log-count">
          {t('page.moderation.log.count', { count: entries.total })}
        </p>
        {entries.data.length > 0 && (
          <Table responsive striped className="align-middle" data-testid="log-entries">
            <thead>
              <tr>
                <th scope="col">{t('page.moderation.log.when')}</th>
                <th scope="col">{t('page.moderation.log.who')}</th>
                <th scope="col">{t('page.moderation.log.what')}</th>
                <th scope="col">{t('page.moderation.log.about')}</th>
                <th scope="col">{t('page.moderation.log.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.data.map((entry) => (
                <tr key={entry.id} data-testid="log-entry">
                  <td className="text-nowrap">{formatDate(locale, entry.createdAt, WHEN)}</td>
                  <td>
                    <ActorName entry={entry} />
                  </td>
                  <td>
                    <EventText entry={entry} />
                  </td>
                  <td>
                    <Subject entry={entry} />
                  </td>
                  <td>
                    {entry.reasonCode && (
                      <strong>{t(`common.hide_reasons.${entry.reasonCode}`)}</strong>
                    )}
                    {entry.reasonCode && entry.reason && ' — '}
                    {entry.reason}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <Pagination links={entries.links} />
      </Container>
    </AppLayout>
  )
}
