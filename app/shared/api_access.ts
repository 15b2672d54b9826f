/**
 * What an API token may do. A token holds one or more; every token route
 * names the one it needs.
 * - `signatures:read`: the signatures of the member's own petitions, with
 *   the fields of the owner's CSV export;
 * - `signatures:write`: record signatures on them, pending until the signer
 *   confirms by this site's own mail, as from the form;
 * - `webhooks:manage`: the petitions' webhook endpoints.
 */
export const API_ABILITIES = ['signatures:read', 'signatures:write', 'webhooks:manage'] as const
export type ApiAbility = (typeof API_ABILITIES)[number]

/** Every token starts so: secret scanners recognise a leaked one. */
export const API_TOKEN_PREFIX = 'ust_'

/** The longest a token may live, and what a new one gets when its member names no expiry. */
export const API_TOKEN_MAX_DAYS = 365
export const API_TOKEN_DEFAULT_DAYS = 90

/** The live (unexpired) tokens a member may hold at once. */
export const API_TOKENS_PER_MEMBER = 20

/** The lifetimes a member chooses from when making a token, in days. */
export const API_TOKEN_LIFETIMES = [30, 90, 365] as const

/** One request a token made, as its member reads it. */
export type ApiTokenUse = { usedAt: string | null; method: string; path: string }
