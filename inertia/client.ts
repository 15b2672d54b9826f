import { registry } from '@generated/registry'
import { createUrlBuilder } from '@adonisjs/http-server/client/url_builder'
import type { Tuyau } from '@tuyau/core/client'

type Client = Tuyau<typeof registry>

/** A query string as Tuyau writes one: nested objects as a[b]=…, lists as a[]=…, dates in ISO. */
function searchParams(query: Record<string, unknown>): string {
  const parts: string[] = []
  const add = (value: unknown, key: string) => {
    if (value === undefined || value === null) return
    if (value instanceof Date) parts.push(`${key}=${encodeURIComponent(value.toISOString())}`)
    else if (Array.isArray(value))
      value.forEach((item, index) => {
        if (item !== null && typeof item === 'object' && !(item instanceof Date))
          for (const [name, nested] of Object.entries(item))
            add(nested, `${key}[${index}][${encodeURIComponent(name)}]`)
        else if (item !== undefined && item !== null) add(item, `${key}[]`)
      })
    else if (typeof value === 'object')
      for (const [name, nested] of Object.entries(value))
        add(nested, `${key}[${encodeURIComponent(name)}]`)
    else parts.push(`${key}=${encodeURIComponent(String(value))}`)
  }
  for (const [name, value] of Object.entries(query ?? {})) add(value, encodeURIComponent(name))
  return parts.join('&')
}

/**
 * The server's routes, by name: `urlFor('petitions.show', { slug })`. Paths
 * are relative to the current host, so each language subdomain keeps its own.
 * Built on the framework's URL builder alone: the pages make their requests
 * through Inertia, so Tuyau's HTTP client (and ky under it) stays out of the
 * bundle.
 */
export const urlFor: Client['urlFor'] = createUrlBuilder(
  {
    root: Object.entries(registry.routes).map(([name, route]) => ({
      name,
      domain: 'root',
      ...route,
    })),
  },
  searchParams
) as unknown as Client['urlFor']

/**
 * What @adonisjs/inertia's <Link route="…"> asks of a Tuyau client: a
 * route's URL and methods.
 */
export const client = {
  urlFor,
  getRoute(name: keyof typeof registry.routes, args?: { params?: Record<string, unknown> }) {
    const route = registry.routes[name]
    if (!route) throw new Error(`Route ${String(name)} not found`)
    const build = urlFor as unknown as (route: string, params: object) => string
    return { url: build(String(name), args?.params ?? {}), methods: route.methods }
  },
} as unknown as Client
