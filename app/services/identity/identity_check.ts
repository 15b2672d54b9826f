import { createHash, createHmac, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { Session } from '@adonisjs/session'
import { AuthorizationResponseError } from 'openid-client'
import { appKey } from '#config/app'
import { IDENTITY_FLOW_MINUTES } from '#config/identity'
import { isLocale, type Locale } from '#app/i18n/locales'
import type { IdentityProvider } from '#support/identity_providers'
import { rowsOf } from '#support/database_errors'
import {
  authorizationUrl,
  completeAuthorization,
  newAuthorizationSecrets,
  type ProvenIdentity,
} from '#runtime/identity/openid_clients'

/*
 * A signer's identity check: the language site they read starts it, the
 * provider answers at our callback on the bare domain, and the result goes
 * back to that language site through a single-use pass. Only the browser
 * that started the check can take the result: its session holds a random
 * binding whose hash the flow, then the verification, carries (on a host
 * without a dot each language's site has its own session, so the session
 * cannot carry it across; a pass alone could be handed to someone else).
 */

/** The session's binding to the checks it started. */
export const BINDING_SESSION_KEY = 'identity_binding'
/** The verification the session holds, once its pass was taken. */
export const VERIFICATION_SESSION_KEY = 'identity_verification'

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
export const sqlTime = (time: DateTime) => time.toFormat(db.connection().dialect.dateTimeFormat)

/**
 * Where the check goes back to, on the site of the language it was started
 * from: a petition's sign form, or the account page of the member linking it.
 */
export type IdentityReturn = { locale: Locale } & ({ petitionGuid: string } | { userId: number })

/** Why a check gave nothing: each has its message (page.identity.*). */
export type IdentityRefusal = 'expired' | 'cancelled' | 'failed' | 'unavailable'

export class IdentityCheckRefused extends Error {
  constructor(
    readonly reason: IdentityRefusal,
    readonly returnTo: IdentityReturn | null
  ) {
    super(`identity check refused: ${reason}`)
  }
}

/**
 * The keyed hash that stands for one person at one provider: the same
 * person gives the same hash in this deployment, and nobody without APP_KEY
 * can test a guessed identity number against it.
 */
export function identityHashOf(issuer: string, subject: string) {
  return createHmac('sha256', appKey.release()).update(`${issuer}\n${subject}`).digest('base64url')
}

function bindingOf(session: Session) {
  let binding: string | undefined = session.get(BINDING_SESSION_KEY)
  if (!binding) {
    binding = randomBytes(32).toString('base64url')
    session.put(BINDING_SESSION_KEY, binding)
  }
  return binding
}

/**
 * Starts a check, for a petition's signer or a member's account: the
 * provider's address to send them to. Throws when the provider cannot be
 * reached (its discovery). Checks left unfinished are pruned by
 * PruneIdentityChecksJob.
 */
export async function startIdentityCheck(
  session: Session,
  provider: IdentityProvider,
  returnTo: IdentityReturn
) {
  const secrets = newAuthorizationSecrets()
  const url = await authorizationUrl(provider, secrets)
  const now = DateTime.utc()
  await db.table('identity_flows').insert({
    state_hash: sha256(secrets.state),
    provider_key: provider.key,
    nonce: secrets.nonce,
    code_verifier: secrets.codeVerifier,
    binding_hash: sha256(bindingOf(session)),
    petition_guid: 'petitionGuid' in returnTo ? returnTo.petitionGuid : null,
    user_id: 'userId' in returnTo ? returnTo.userId : null,
    locale: returnTo.locale,
    expires_at: sqlTime(now.plus({ minutes: IDENTITY_FLOW_MINUTES })),
    created_at: sqlTime(now),
  })
  return url
}

type FlowRow = {
  id: number
  provider_key: string
  nonce: string
  code_verifier: string
  binding_hash: string
  petition_guid: string | null
  user_id: number | null
  locale: string
}

/** Where a flow goes back to (a flow names a petition or a member). */
function returnOf(flow: FlowRow & { locale: Locale }): IdentityReturn {
  return flow.user_id !== null
    ? { locale: flow.locale, userId: flow.user_id }
    : { locale: flow.locale, petitionGuid: flow.petition_guid! }
}

/**
 * The check a callback's `state` names, taken once: its secrets are
 * erased as it is taken, so a replayed answer finds it used.
 */
async function takeFlow(providerKey: string, state: string) {
  const flow: (FlowRow & { provider_key: string }) | null = await db
    .from('identity_flows')
    .select(
      'id',
      'provider_key',
      'nonce',
      'code_verifier',
      'binding_hash',
      'petition_guid',
      'user_id',
      'locale'
    )
    .where('state_hash', sha256(state))
    .first()
  if (!flow || !isLocale(flow.locale)) throw new IdentityCheckRefused('expired', null)
  const returnTo = returnOf({ ...flow, locale: flow.locale })
  const now = sqlTime(DateTime.utc())
  // The guard that makes it once: of two answers with one state, one UPDATE wins.
  const taken = rowsOf<{ id: number }>(
    await db.rawQuery(
      `UPDATE identity_flows SET used_at = ?, nonce = '', code_verifier = ''
        WHERE id = ? AND used_at IS NULL AND expires_at > ? AND provider_key = ?
        RETURNING id`,
      [now, flow.id, now, providerKey]
    )
  )
  if (!taken.length) throw new IdentityCheckRefused('expired', returnTo)
  return { flow, returnTo }
}

async function proveIdentity(
  provider: IdentityProvider,
  query: string,
  flow: FlowRow,
  returnTo: IdentityReturn,
  state: string
) {
  try {
    return await completeAuthorization(provider, query, {
      state,
      nonce: flow.nonce,
      codeVerifier: flow.code_verifier,
    })
  } catch (error) {
    if (error instanceof AuthorizationResponseError && error.error === 'access_denied') {
      throw new IdentityCheckRefused('cancelled', returnTo)
    }
    // The library's code and message only: its error may carry the provider's answer.
    const { code, message } = error as { code?: string; message?: string }
    logger.warn({ code, provider: provider.key }, 'identity check refused: %s', message)
    throw new IdentityCheckRefused('failed', returnTo)
  }
}

async function storeVerification(
  provider: IdentityProvider,
  flow: FlowRow,
  proven: ProvenIdentity
) {
  const pass = randomBytes(32).toString('base64url')
  const now = DateTime.utc()
  await db.table('identity_verifications').insert({
    provider_key: provider.key,
    identity_hash: identityHashOf(proven.issuer, proven.subject),
    claims: JSON.stringify(proven.claims),
    petition_guid: flow.petition_guid,
    user_id: flow.user_id,
    binding_hash: flow.binding_hash,
    pass_hash: sha256(pass),
    expires_at: sqlTime(now.plus({ minutes: IDENTITY_FLOW_MINUTES })),
    created_at: sqlTime(now),
  })
  return pass
}

/**
 * The provider's answer at our callback (`query`: its whole query string):
 * on success a verification is stored and its pass returned with where the
 * signer goes. Throws IdentityCheckRefused, with where to go when the check
 * is known, for any failure: nothing is stored then.
 */
export async function finishIdentityCheck(provider: IdentityProvider, query: string) {
  const state = new URLSearchParams(query).get('state')
  if (!state) throw new IdentityCheckRefused('expired', null)
  const { flow, returnTo } = await takeFlow(provider.key, state)
  const proven = await proveIdentity(provider, query, flow, returnTo, state)
  return { pass: await storeVerification(provider, flow, proven), returnTo }
}

/**
 * Puts the verification a pass names into this session, once, if this
 * session started its check; the petition it was for, or null.
 */
export async function takeIdentityPass(session: Session, pass: string) {
  const binding: string | undefined = session.get(BINDING_SESSION_KEY)
  if (!binding) return null
  const rows = rowsOf<{ id: number; petition_guid: string }>(
    await db.rawQuery(
      `UPDATE identity_verifications SET pass_hash = NULL
        WHERE pass_hash = ? AND binding_hash = ? AND expires_at > ? AND used_at IS NULL
          AND petition_guid IS NOT NULL
        RETURNING id, petition_guid`,
      [sha256(pass), sha256(binding), sqlTime(DateTime.utc())]
    )
  )
  if (!rows.length) return null
  session.put(VERIFICATION_SESSION_KEY, rows[0].id)
  return rows[0].petition_guid
}
