import { IDENTITY_CLAIMS, type IdentityClaim } from '#shared/identity'

/**
 * The OpenID Connect providers a site names in IDENTITY_PROVIDERS, read
 * and checked without touching the network: a JSON array of
 * `{"key","name","issuer","clientId","clientSecret","scopes","claims"}`.
 * A bad value is answered with ONE line naming the entry and the field, so
 * that the start can stop with it (start/safe_settings.ts).
 */

export { IDENTITY_CLAIMS, type IdentityClaim }

export type IdentityProvider = {
  /** In the addresses `/identity/{key}/…`: lowercase letters, digits and dashes. */
  key: string
  /** Shown to signers: "Sign with verified identity (name)". */
  name: string
  issuer: string
  clientId: string
  clientSecret: string
  /** Always with `openid`. */
  scopes: string[]
  /** Our claim → the provider's claim name, a dotted path into its claims (`address.country`). */
  claims: Partial<Record<IdentityClaim, string>>
}

export type ParsedIdentityProviders =
  { providers: IdentityProvider[]; error: null } | { providers: null; error: string }

const KEY = /^[a-z0-9-]{1,30}$/
const CLAIM_PATH = /^[A-Za-z0-9_:-]+(?:\.[A-Za-z0-9_:-]+)*$/
const FIELDS = ['key', 'name', 'issuer', 'clientId', 'clientSecret', 'scopes', 'claims']
const VARIABLE = 'IDENTITY_PROVIDERS'

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== ''

/** Why `issuer` is no issuer: https only, plain http only outside production (a local test provider). */
function issuerProblem(issuer: unknown, production: boolean) {
  if (!isText(issuer)) return 'must be an https URL'
  let url: URL
  try {
    url = new URL(issuer)
  } catch {
    return 'must be an https URL'
  }
  if (url.protocol === 'https:') return url.search || url.hash ? 'must have no query' : null
  if (url.protocol === 'http:' && !production)
    return url.search || url.hash ? 'must have no query' : null
  return 'must be an https URL'
}

function entryProblem(entry: unknown, production: boolean): string | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    return 'must be an object'
  }
  const fields = entry as Record<string, unknown>
  const unknownField = Object.keys(fields).find((field) => !FIELDS.includes(field))
  if (unknownField) return `has an unknown field "${unknownField}" (allowed: ${FIELDS.join(', ')})`
  if (typeof fields.key !== 'string' || !KEY.test(fields.key)) {
    return '.key must be 1 to 30 of a-z, 0-9 and -'
  }
  if (!isText(fields.name) || fields.name.length > 60)
    return '.name must be a text of 1 to 60 characters'
  const issuer = issuerProblem(fields.issuer, production)
  if (issuer) return `.issuer ${issuer}`
  if (!isText(fields.clientId)) return '.clientId must be a text'
  if (!isText(fields.clientSecret)) return '.clientSecret must be a text'
  if (
    fields.scopes !== undefined &&
    (!Array.isArray(fields.scopes) ||
      !fields.scopes.every((scope) => isText(scope) && !/\s/.test(scope)))
  ) {
    return '.scopes must be a list of scope names'
  }
  if (typeof fields.claims !== 'object' || fields.claims === null || Array.isArray(fields.claims)) {
    return `.claims must be an object mapping ${IDENTITY_CLAIMS.join(', ')} to the provider's claim names`
  }
  for (const [claim, path] of Object.entries(fields.claims)) {
    if (!(IDENTITY_CLAIMS as readonly string[]).includes(claim)) {
      return `.claims has an unknown claim "${claim}" (allowed: ${IDENTITY_CLAIMS.join(', ')})`
    }
    if (typeof path !== 'string' || !CLAIM_PATH.test(path)) {
      return `.claims.${claim} must be a claim name, dotted for a nested one (address.country)`
    }
  }
  return null
}

function providerOf(fields: Record<string, any>): IdentityProvider {
  const scopes: string[] = fields.scopes ?? []
  return {
    key: fields.key,
    name: fields.name.trim(),
    issuer: fields.issuer,
    clientId: fields.clientId,
    clientSecret: fields.clientSecret,
    scopes: ['openid', ...scopes.filter((scope) => scope !== 'openid')],
    claims: { ...fields.claims },
  }
}

/** The providers `raw` names (none when unset or empty), or the one line that says what is wrong. */
export function parseIdentityProviders(
  raw: string | undefined | null,
  options: { production: boolean }
): ParsedIdentityProviders {
  if (raw === undefined || raw === null || raw.trim() === '') return { providers: [], error: null }
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch (error) {
    return { providers: null, error: `${VARIABLE} is not valid JSON (${(error as Error).message})` }
  }
  if (!Array.isArray(value))
    return { providers: null, error: `${VARIABLE} must be a JSON array of providers` }
  const seen = new Set<string>()
  for (const [index, entry] of value.entries()) {
    const problem = entryProblem(entry, options.production)
    if (problem) {
      const separator = problem.startsWith('.') ? '' : ' '
      return { providers: null, error: `${VARIABLE}[${index}]${separator}${problem}` }
    }
    const key = (entry as { key: string }).key
    if (seen.has(key)) {
      return { providers: null, error: `${VARIABLE}[${index}].key "${key}" is used twice` }
    }
    seen.add(key)
  }
  return { providers: value.map(providerOf), error: null }
}

/** The value at a dotted path of a provider's claims (`address.country`), if it is a plain value. */
export function claimAt(
  claims: Record<string, unknown>,
  path: string
): string | number | boolean | null {
  let value: unknown = claims
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, part)) return null
    value = (value as Record<string, unknown>)[part]
  }
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : null
}
