import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useInView } from '~/lib/use_in_view.ts'
import type { ChartLife, ChartPoints, ChartVariant } from './signatures_chart.tsx'

// The chart and its library (uPlot) are their own chunk, loaded when the
// section comes into view: the page's first load does not carry them.
const SignaturesChart = lazy(() => import('./signatures_chart.tsx'))

/** A refresh asked for by a moved count waits until the last fetch is this old. */
const REFRESH_MS = 60_000

type LazySignaturesChartProps = {
  /** The JSON answer ({ data: points }) the chart draws. */
  url: string
  /**
   * Open data, the same for everyone: fetched without cookies, so a shared
   * cache can answer it and the visitor's session is not touched (a session
   * read would use up the errors a form submitted at the same moment is about
   * to show).
   */
  openData?: boolean
  variant: ChartVariant
  /** A history's petition: its axis spans the petition's life. */
  life?: ChartLife
  title: string
  /** When it changes (a live count moved), the points are fetched again, at most once a minute. */
  refreshKey?: unknown
  className?: string
  testId: string
}

/**
 * A section with a chart of signatures over time. Until it scrolls near the
 * viewport it is a heading over a reserved space; then its points are
 * fetched and the chart's code is loaded, both once. A petition whose points
 * cannot be read (not public any more) shows no section.
 */
export default function LazySignaturesChart({
  url,
  openData = false,
  variant,
  life,
  title,
  refreshKey,
  className,
  testId,
}: LazySignaturesChartProps) {
  const section = useRef<HTMLElement>(null)
  const headingId = useId()
  const inView = useInView(section)
  const [points, setPoints] = useState<{ data: ChartPoints; at: number } | null>(null)
  const [failed, setFailed] = useState(false)
  const lastFetch = useRef(0)
  const latest = useRef(0)

  useEffect(() => {
    if (!inView) return
    const wait = lastFetch.current ? lastFetch.current + REFRESH_MS - Date.now() : 0
    const timer = setTimeout(
      () => {
        lastFetch.current = Date.now()
        const request = ++latest.current
        fetch(url, {
          headers: { Accept: 'application/json' },
          credentials: openData ? 'omit' : 'same-origin',
        })
          .then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
          .then((body: { data: ChartPoints }) => {
            if (request === latest.current) setPoints({ data: body.data, at: Date.now() })
          })
          .catch(() => {
            if (request === latest.current) setFailed(true)
          })
      },
      Math.max(0, wait)
    )
    return () => clearTimeout(timer)
  }, [inView, url, openData, refreshKey])

  // Unmounted: answers still on their way change nothing.
  useEffect(() => () => void (latest.current = -1), [])

  if (failed && !points) return null
  const placeholder = <div className="signatures-chart-placeholder" aria-hidden="true" />
  return (
    <section
      ref={section}
      className={className}
      aria-labelledby={headingId}
      aria-busy={points ? undefined : true}
      data-testid={testId}
    >
      <h2 id={headingId} className="h4 mb-3">
        {title}
      </h2>
      {points ? (
        <Suspense fallback={placeholder}>
          <SignaturesChart
            variant={variant}
            points={points.data}
            fetchedAt={points.at}
            life={life}
          />
        </Suspense>
      ) : (
        placeholder
      )}
    </section>
  )
}
