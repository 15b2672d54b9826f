import { APP_VERSION } from '#generated/app_version'
import type { ApiArea, ApiObject } from '#openapi/area'
import { COMMON_SCHEMAS } from '#openapi/common'
import { API_ABILITIES, API_TOKEN_MAX_DAYS, API_TOKEN_PREFIX } from '#shared/api_access'

/**
 * The areas of the API, in the order the docs show them: one line each.
 * An area's module is loaded here, once, when the description is first used.
 */
const AREA_MODULES = await Promise.all([
  import('#openapi/paths/contract'),
  import('#openapi/paths/open_data'),
  import('#openapi/paths/feeds'),
  import('#openapi/paths/transparency_log'),
  import('#openapi/paths/tokens'),
  import('#openapi/paths/sources'),
  import('#openapi/paths/osdi'),
  import('#openapi/paths/webhook_endpoints'),
  import('#openapi/paths/webhooks'),
])
const AREAS: ApiArea[] = AREA_MODULES.map((module) => module.default)

const DESCRIPTION = `Undersign’s public data and its API.

- **Open data, feeds and the transparency log** need no key and no account. Any site may read them (\`Access-Control-Allow-Origin: *\`); answers are cached briefly and carry an \`ETag\`.
- **The token API** (\`/api/…\`) acts for a member with a token they create in their account settings, sent as \`Authorization: Bearer ${API_TOKEN_PREFIX}…\`.
- Every language’s site answers the same routes, with links and names in its language (\`https://es.example.org/petitions.json\`).
- Errors: ask with \`Accept: application/json\` to get them as JSON; a browser gets a page. Each address (each token, for the token API) has a rate limit per minute; past it the answer is \`429\` with \`Retry-After\`.`

const SECURITY_SCHEMES = {
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    description: `A member’s API token, created in their account settings and shown once: \`${API_TOKEN_PREFIX}\` and a secret, so that secret scanners recognise a leaked one. It carries abilities (${API_ABILITIES.map((ability) => `\`${ability}\``).join(', ')}), expires after at most ${API_TOKEN_MAX_DAYS} days and can be revoked; a missing, expired or revoked token gets \`401\`.`,
  },
}

type Merged = {
  tags: ApiArea['tags']
  paths: Record<string, ApiObject>
  schemas: Record<string, ApiObject>
  webhooks: Record<string, ApiObject>
}

/** Copies `entries` into `into`, refusing a name that is there already: two areas would describe it. */
function addAll(
  kind: string,
  into: Record<string, ApiObject>,
  entries: Record<string, ApiObject> = {},
  area: string
) {
  for (const [name, value] of Object.entries(entries)) {
    if (name in into) {
      throw new Error(`The API's description has the ${kind} "${name}" twice (again in ${area})`)
    }
    into[name] = value
  }
}

/**
 * The areas put together: their tags, paths, schemas and webhooks, with the
 * schemas every area shares. A path, schema, webhook or tag described twice
 * is a mistake that would hide one of them: it stops the app from starting.
 */
export function mergeAreas(areas: ApiArea[]): Merged {
  const merged: Merged = { tags: [], paths: {}, schemas: {}, webhooks: {} }
  addAll('schema', merged.schemas, COMMON_SCHEMAS, 'the common schemas')
  const tags: Record<string, ApiObject> = {}
  for (const area of areas) {
    const name = area.tags.map((tag) => tag.name).join(', ') || 'an area without tags'
    addAll('tag', tags, Object.fromEntries(area.tags.map((tag) => [tag.name, tag])), name)
    addAll('path', merged.paths, area.paths, name)
    addAll('schema', merged.schemas, area.schemas, name)
    addAll('webhook', merged.webhooks, area.webhooks, name)
    merged.tags.push(...area.tags)
  }
  return merged
}

const { tags, paths, schemas, webhooks } = mergeAreas(AREAS)

/** The document without its servers: the same for every language's site. */
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Undersign API', version: APP_VERSION, description: DESCRIPTION },
  tags,
  paths,
  ...(Object.keys(webhooks).length ? { webhooks } : {}),
  components: { schemas, securitySchemes: SECURITY_SCHEMES },
}

export type ApiDocument = typeof DOCUMENT & { servers: { url: string; description: string }[] }

/**
 * The OpenAPI 3.1 document as the site of one language gives it: its
 * server is that site, whose answers link and name things in its language.
 */
export function apiDocument(siteUrl: string): ApiDocument {
  return {
    ...DOCUMENT,
    servers: [
      {
        url: siteUrl,
        description:
          'This language’s site: every language’s site answers the same routes, in its language.',
      },
    ],
  }
}
