import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Petition from '#models/petition'
import WebhookEndpoint from '#models/webhook_endpoint'
import WebhookEndpointsChanged from '#events/webhook_endpoints_changed'
import WebhookEndpointRefusedException from '#exceptions/webhook_endpoint_refused_exception'
import { judgeDestination } from '#runtime/webhooks/destinations'
import { newWebhookSecret } from '#support/webhook_messages'
import type { WebhookEvent } from '#shared/webhook_events'
import { MAX_WEBHOOK_ENDPOINTS } from '#shared/webhook_endpoints'

/**
 * What an owner does with a petition's webhook endpoints: add one (its
 * secret shown once), list, remove, enable again after the sender disabled
 * it. Every change is told through `WebhookEndpointsChanged`, from here
 * alone, so that the sender's knowledge of which petitions have endpoints
 * never outlives a change.
 */

export type NewEndpoint = { url: string; events: WebhookEvent[] }

/**
 * `allowPrivate` overrides WEBHOOKS_ALLOW_PRIVATE for this registration
 * (tests judge both settings in one process).
 */
export type RegistrationOptions = { allowPrivate?: boolean }

/** The endpoint and its secret: the only time the secret leaves the site. */
export type RegisteredEndpoint = { endpoint: WebhookEndpoint; secret: string }

/**
 * Adds an endpoint to the petition: its address judged first (a refusal is
 * a `WebhookEndpointRefusedException` under `url`), at most
 * MAX_WEBHOOK_ENDPOINTS a petition (counted under the petition's lock, so
 * that two forms sent at once cannot pass it together), each event once.
 */
export async function createEndpoint(
  petition: Petition,
  input: NewEndpoint,
  options: RegistrationOptions = {}
): Promise<RegisteredEndpoint> {
  const judgement = await judgeDestination(input.url, options)
  if (!judgement.allowed) throw new WebhookEndpointRefusedException(judgement.reason)
  const secret = newWebhookSecret()
  const endpoint = await db.transaction(async (trx) => {
    await lockPetition(trx, petition.id)
    const [{ total }] = await trx
      .from('webhook_endpoints')
      .where('petition_id', petition.id)
      .count('* as total')
    if (Number(total) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new WebhookEndpointRefusedException('too_many')
    }
    return WebhookEndpoint.create(
      { petitionId: petition.id, url: input.url, events: [...new Set(input.events)], secret },
      { client: trx }
    )
  })
  await WebhookEndpointsChanged.announce(petition.id)
  return { endpoint, secret }
}

/** The petition's endpoints, oldest first (their secrets stay encrypted in their rows' use). */
export function listEndpoints(petition: Petition) {
  return WebhookEndpoint.query().where('petition_id', petition.id).orderBy('id', 'asc')
}

/** One endpoint of this petition, or null (another petition's endpoint is none of its own). */
export function endpointOf(petition: Petition, endpointId: number) {
  return WebhookEndpoint.query().where('petition_id', petition.id).where('id', endpointId).first()
}

/** Removes the endpoint with its deliveries and their attempts; false when it is not the petition's. */
export async function deleteEndpoint(petition: Petition, endpointId: number) {
  const deleted = await db
    .from('webhook_endpoints')
    .where('petition_id', petition.id)
    .where('id', endpointId)
    .delete()
  if (Number(deleted) === 0) return false
  await WebhookEndpointsChanged.announce(petition.id)
  return true
}

/**
 * Enables an endpoint again: it is neither disabled nor failing any more
 * (its day of failures starts anew); false when it is not the petition's.
 */
export async function enableEndpoint(petition: Petition, endpointId: number) {
  const endpoint = await endpointOf(petition, endpointId)
  if (!endpoint) return false
  endpoint.merge({ disabledAt: null, failingSince: null })
  await endpoint.save()
  await WebhookEndpointsChanged.announce(petition.id)
  return true
}

/**
 * On PostgreSQL, one change of a petition's endpoints at a time (NO KEY
 * UPDATE leaves signing's key-share locks alone); SQLite writes one
 * transaction at a time anyway.
 */
async function lockPetition(trx: TransactionClientContract, petitionId: number) {
  if (trx.dialect.name !== 'postgres') return
  await trx.rawQuery('SELECT id FROM petitions WHERE id = ? FOR NO KEY UPDATE', [petitionId])
}
