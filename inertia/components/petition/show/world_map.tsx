import { useMemo } from 'react'
import { geoEqualEarth, geoPath } from 'd3-geo'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import type { Feature, FeatureCollection, Geometry } from 'geojson'
import atlas from 'world-atlas/countries-110m.json'
import { shareFormat } from '~/components/shares_table.tsx'
import { COUNTRY_NUMERIC_CODES } from '@app/shared/country_numeric_codes.ts'
import { useTranslation } from '~/i18n/context.tsx'
import type { NamedShare } from '~/components/petition/show/country_breakdown.tsx'

const WIDTH = 960

/** Antarctica takes room and holds no signers: left off the drawing (it stays in the table). */
const LEFT_OFF = new Set(['010'])

/**
 * The classes of the scale, by a country's share of the petition's
 * signatures: each from its lower bound. Sequential blues, darker for more.
 */
export const MAP_CLASSES = [
  { from: 0, colour: '#c6dbef' },
  { from: 0.01, colour: '#6baed6' },
  { from: 0.05, colour: '#2171b5' },
  { from: 0.15, colour: '#08519c' },
  { from: 0.35, colour: '#08306b' },
] as const

/** The fill of a country with no counted signature. */
const NONE = '#eceff1'

function colourOf(share: number) {
  let colour: string = MAP_CLASSES[0].colour
  for (const step of MAP_CLASSES) if (share >= step.from) colour = step.colour
  return colour
}

type Shape = { id: string; d: string }

/** The countries' outlines, projected once per page (Equal Earth keeps areas true). */
let drawn: { shapes: Shape[]; height: number } | null = null

function drawAtlas() {
  if (drawn) return drawn
  const topology = atlas as unknown as Topology<{ countries: GeometryCollection }>
  const collection = feature(topology, topology.objects.countries) as FeatureCollection<
    Geometry,
    { name: string }
  >
  const features = collection.features.filter(
    (shape): shape is Feature<Geometry, { name: string }> & { id: string } =>
      typeof shape.id === 'string' && !LEFT_OFF.has(shape.id)
  )
  const projection = geoEqualEarth().fitWidth(WIDTH, { type: 'FeatureCollection', features })
  const path = geoPath(projection)
  const [[, top], [, bottom]] = path.bounds({ type: 'FeatureCollection', features })
  projection.translate([projection.translate()[0], projection.translate()[1] - top])
  drawn = {
    shapes: features.map((shape) => ({ id: shape.id, d: path(shape) ?? '' })),
    height: Math.ceil(bottom - top),
  }
  return drawn
}

/**
 * A choropleth world map of the petition's countries, drawn as SVG from
 * the world-atlas package (Natural Earth, 1:110m, shapes keyed by ISO
 * numeric code), with its legend. It is one image to assistive
 * technologies, labelled; the list and the table say the same in words.
 */
export default function WorldMap({ countries, label }: { countries: NamedShare[]; label: string }) {
  const { t, locale } = useTranslation()
  const { shapes, height } = drawAtlas()
  const byNumeric = useMemo(() => {
    const map = new Map<string, NamedShare>()
    for (const country of countries) {
      const numeric = (COUNTRY_NUMERIC_CODES as Record<string, string>)[country.code]
      if (numeric) map.set(numeric, country)
    }
    return map
  }, [countries])
  const number = useMemo(() => new Intl.NumberFormat(locale), [locale])
  const percent = useMemo(() => shareFormat(locale), [locale])

  return (
    <figure className="mb-0">
      <svg
        className="world-map"
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-label={label}
        data-testid="world-map"
      >
        {shapes.map((shape) => {
          const country = byNumeric.get(shape.id)
          return (
            <path
              key={shape.id}
              d={shape.d}
              fill={country ? colourOf(country.share) : NONE}
              data-country={country?.code}
            >
              {country && (
                <title>{`${country.name}${t('common.colon')} ${number.format(country.count)} (${percent.format(country.share)})`}</title>
              )}
            </path>
          )
        })}
      </svg>
      <figcaption className="world-map-legend small" data-testid="map-legend">
        <span className="fw-semibold me-1">{t('page.country_map.legend_title')}</span>
        <span className="world-map-legend-item">
          <span className="world-map-swatch" style={{ background: NONE }} aria-hidden="true" />
          {t('page.country_map.legend_none')}
        </span>
        {MAP_CLASSES.map((step, index) => {
          const next = MAP_CLASSES[index + 1]
          return (
            <span className="world-map-legend-item" key={step.from}>
              <span
                className="world-map-swatch"
                style={{ background: step.colour }}
                aria-hidden="true"
              />
              {index === 0
                ? t('page.country_map.legend_below', { to: percent.format(next.from) })
                : next
                  ? t('page.country_map.legend_range', {
                      from: percent.format(step.from),
                      to: percent.format(next.from),
                    })
                  : t('page.country_map.legend_from', { from: percent.format(step.from) })}
            </span>
          )
        })}
      </figcaption>
    </figure>
  )
}
