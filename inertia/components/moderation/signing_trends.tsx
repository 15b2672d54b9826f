import { useId, useState, type ReactNode } from 'react'
import NetworkHash, { shortHash } from '~/components/moderation/network_hash.tsx'
import { ToggleButton, ToggleButtonGroup } from 'react-bootstrap'
import SharesTable, { shareFormat } from '~/components/shares_table.tsx'
import { Link } from '@adonisjs/inertia/react'
import { useTranslation } from '~/i18n/context.tsx'
import { urlFor } from '~/client.ts'
import type { Data } from '@generated/data'

type Window = 'hour' | 'day'
type Trend = Data.SigningTrends['hour']
type Group = Trend['networks'][number]

/** A network or domain of a row, as the row's actions receive it (the network's full hash). */
export type TrendGroup = { kind: 'network' | 'domain'; subject: string }

/**
 * What a moderator does about a trend row: count its signatures for a bulk
 * invalidation (this page, with the row's filter), or block its network.
 */
export function TrendActions({ petitionId, kind, subject }: TrendGroup & { petitionId: number }) {
  const { t } = useTranslation()
  const named = kind === 'network' ? shortHash(subject) : subject
  return (
    <span className="d-inline-flex gap-3">
      <Link
        href={urlFor('moderation.petition', { id: petitionId }, { qs: { [kind]: subject } })}
        preserveScroll
        only={['invalidation']}
        data-testid="trend-invalidate"
      >
        {t('page.moderation.trends.invalidate')}
        <span className="visually-hidden"> ({named})</span>
      </Link>
      {kind === 'network' && (
        <Link
          href={urlFor('moderation.rules', {}, { qs: { network: subject } })}
          data-testid="trend-block"
        >
          {t('page.moderation.trends.block')}
          <span className="visually-hidden"> ({named})</span>
        </Link>
      )}
    </span>
  )
}

/** The largest networks or domains of a window, with their shares. */
function GroupTable({
  kind,
  groups,
  actions,
}: {
  kind: TrendGroup['kind']
  groups: Group[]
  actions?: (group: TrendGroup) => ReactNode
}) {
  const { t, locale } = useTranslation()
  const headingId = useId()
  const percent = shareFormat(locale)
  return (
    // Full width when each row has its actions: side by side, the columns would wrap word by word.
    <div className={actions ? 'col-12' : 'col-lg-6'}>
      <h3 className="h6" id={headingId}>
        {t(
          kind === 'network' ? 'page.moderation.trends.networks' : 'page.moderation.trends.domains'
        )}
      </h3>
      {groups.length === 0 ? (
        <p className="text-muted small">{t('page.moderation.trends.empty')}</p>
      ) : (
        <SharesTable
          className="mb-0"
          data-testid={`trend-${kind}s`}
          scrollLabelledBy={headingId}
          nameClassName="fw-normal text-break"
          headers={{
            name: t(
              kind === 'network'
                ? 'page.moderation.trends.network'
                : 'page.moderation.trends.domain'
            ),
            count: t('page.moderation.trends.signatures'),
            share: t('page.moderation.trends.share'),
            more: (
              <>
                <th scope="col" className="text-end">
                  {t('page.moderation.trends.unconfirmed')}
                </th>
                {actions && <th scope="col">{t('page.moderation.trends.actions')}</th>}
              </>
            ),
          }}
          rows={groups.map((group) => ({
            key: group.subject,
            name: kind === 'network' ? <NetworkHash hash={group.subject} /> : group.subject,
            count: group.signatures,
            share: group.share,
            more: (
              <>
                <td className="text-end">{percent.format(group.unconfirmedShare)}</td>
                {actions && (
                  <td className="text-nowrap">{actions({ kind, subject: group.subject })}</td>
                )}
              </>
            ),
            rowProps: { 'data-testid': 'trend-row' },
          }))}
        />
      )}
    </div>
  )
}

/**
 * A window's signatures over time as bars (for the eye only), summed up by
 * its busiest minute, with the figures behind a disclosure.
 */
function SigningBars({ trend }: { trend: Trend }) {
  const { t, locale } = useTranslation()
  const number = new Intl.NumberFormat(locale)
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' })
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' })
  const label = (at: string) => (trend.bucketMinutes === 1 ? time : when).format(new Date(at))
  const highest = Math.max(1, ...trend.buckets.map((bucket) => bucket.signatures))
  return (
    <figure className="mb-3">
      <h3 className="h6">
        {t(
          trend.bucketMinutes === 1
            ? 'page.moderation.trends.chart_minute'
            : 'page.moderation.trends.chart_quarter'
        )}
      </h3>
      <div className="signing-bars" aria-hidden="true" data-testid="trend-bars">
        {trend.buckets.map((bucket) => (
          <span
            key={bucket.at}
            className="signing-bar"
            style={{ height: `${(bucket.signatures / highest) * 100}%` }}
            title={`${label(bucket.at)}${t('common.colon')} ${number.format(bucket.signatures)}`}
          />
        ))}
      </div>
      {trend.peakMinute && (
        <figcaption className="small mt-1">
          {t('page.moderation.trends.peak', {
            time: when.format(new Date(trend.peakMinute.at)),
            count: trend.peakMinute.signatures,
          })}
        </figcaption>
      )}
      <details className="mt-1">
        <summary>{t('page.moderation.trends.figures')}</summary>
        {/* Scrolls: focusable, so that the keyboard scrolls it too. */}
        <div
          className="table-responsive signing-figures mt-2"
          tabIndex={0}
          role="region"
          aria-label={t('page.moderation.trends.figures')}
        >
          <table className="table table-sm mb-0" data-testid="trend-figures">
            <thead>
              <tr>
                <th scope="col">{t('page.moderation.trends.time')}</th>
                <th scope="col" className="text-end">
                  {t('page.moderation.trends.signatures')}
                </th>
              </tr>
            </thead>
            <tbody>
              {trend.buckets.map((bucket) => (
                <tr key={bucket.at}>
                  <th scope="row" className="fw-normal">
                    <time dateTime={bucket.at}>{label(bucket.at)}</time>
                  </th>
                  <td className="text-end">{number.format(bucket.signatures)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}

/**
 * How a petition is signed, for its moderators: in the last hour or the
 * last 24 hours (a pair of radio buttons, so the arrow keys switch), the
 * signatures over time and the largest networks (by their keyed hash) and
 * e-mail domains, with their shares. `actions` renders what a moderator
 * can do about a network or domain, in a column of its own.
 */
export default function SigningTrends({
  trends,
  actions,
}: {
  trends: Data.SigningTrends
  actions?: (group: TrendGroup) => ReactNode
}) {
  const { t, locale } = useTranslation()
  const [period, setPeriod] = useState<Window>('hour')
  const trend = trends[period]
  const percent = shareFormat(locale)
  return (
    <section className="mb-4" aria-labelledby="trends-title" data-testid="signing-trends">
      <h2 className="h4" id="trends-title">
        {t('page.moderation.trends.title')}
      </h2>
      <p className="small text-muted">{t('page.moderation.trends.intro')}</p>
      <fieldset className="mb-3">
        <legend className="visually-hidden">{t('page.moderation.trends.window')}</legend>
        <ToggleButtonGroup
          type="radio"
          name="trends-window"
          value={period}
          onChange={(value: Window) => setPeriod(value)}
        >
          {(['hour', 'day'] as const).map((option) => (
            <ToggleButton
              key={option}
              id={`trends-window-${option}`}
              value={option}
              variant="outline-primary"
              size="sm"
            >
              {t(`page.moderation.trends.${option}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </fieldset>
      <div data-testid="trend-window" data-window={period}>
        {trend.signatures === 0 ? (
          <p className="text-muted">{t('page.moderation.trends.empty')}</p>
        ) : (
          <>
            <p data-testid="trend-summary">
              {t('page.moderation.trends.summary', {
                count: trend.signatures,
                share: percent.format(trend.unconfirmedShare),
              })}
            </p>
            <SigningBars trend={trend} />
            <p className="small text-muted">{t('page.moderation.trends.top')}</p>
            <div className="row g-3">
              <GroupTable kind="network" groups={trend.networks} actions={actions} />
              <GroupTable kind="domain" groups={trend.domains} actions={actions} />
            </div>
          </>
        )}
      </div>
    </section>
  )
}
