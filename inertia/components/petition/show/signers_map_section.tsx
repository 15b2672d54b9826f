import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useInView } from '~/lib/use_in_view.ts'
import { urlFor } from '~/client.ts'
import { useTranslation } from '~/i18n/context.tsx'

/** One country's count as GET /petition/{slug}/countries.json gives it. */
export type CountryCountData = { code: string; name: string; count: number }

/** The map, the top countries and the table: their own chunk, with the world atlas. */
const CountryBreakdown = lazy(() => import('~/components/petition/show/country_breakdown.tsx'))

/** How long the map waits after a live count moves before it asks again (viewers share the answer). */
const REFETCH_DELAY_MS = 2_000

/**
 * "Where signers live", below the petition's last signatures: nothing of
 * the map (code, atlas or counts) loads before the section comes near the
 * viewport. Then its counts come from the open data of the petition
 * (countries.json, the same for every guest, so shared caches keep it),
 * asked for again when the page's live count moves, with the total in the
 * address so every viewer of the same count shares one copy. Hidden while
 * the petition has no counted signature.
 */
export default function SignersMapSection(props: { slug: string; totalSignatures: number }) {
  if (props.totalSignatures === 0) return null
  return <SignersMap {...props} />
}

/** The section itself, once the petition has a counted signature. */
function SignersMap({ slug, totalSignatures }: { slug: string; totalSignatures: number }) {
  const { t } = useTranslation()
  const section = useRef<HTMLElement>(null)
  // Starts the map's load a little before it scrolls into view.
  const near = useInView(section)
  const [counts, setCounts] = useState<CountryCountData[] | null>(null)
  const [failed, setFailed] = useState(false)

  // The first load at once; after a live change, a short wait that merges a burst of them.
  const loadedOnce = useRef(false)
  useEffect(() => {
    if (!near) return
    const controller = new AbortController()
    const load = async () => {
      try {
        const url = urlFor('open_data.countries', { slug }, { qs: { total: totalSignatures } })
        const response = await fetch(url, {
          headers: { Accept: 'application/json' },
          credentials: 'omit',
          signal: controller.signal,
        })
        if (!response.ok) throw new Error(`countries.json answered ${response.status}`)
        const body = (await response.json()) as { data: CountryCountData[] }
        loadedOnce.current = true
        setCounts(body.data)
        setFailed(false)
      } catch {
        if (!controller.signal.aborted) setFailed(true)
      }
    }
    const timer = setTimeout(() => void load(), loadedOnce.current ? REFETCH_DELAY_MS : 0)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [near, slug, totalSignatures])

  return (
    <section
      ref={section}
      className="petition-show-section signers-map-section"
      aria-labelledby="signers-map-title"
      data-testid="signers-map-section"
    >
      <h2 id="signers-map-title" className="h4 mb-3">
        {t('page.country_map.title')}
      </h2>
      {failed && !counts ? (
        <p className="text-muted mb-0" data-testid="signers-map-failed">
          {t('page.country_map.failed')}
        </p>
      ) : counts && near ? (
        <Suspense fallback={<div className="signers-map-placeholder" />}>
          <CountryBreakdown counts={counts} />
        </Suspense>
      ) : (
        <div className="signers-map-placeholder" />
      )}
    </section>
  )
}
