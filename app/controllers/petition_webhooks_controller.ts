import type { HttpContext } from '@adonisjs/core/http'
import Petition from '#models/petition'
import PetitionPolicy from '#policies/petition_policy'
import NotFoundException from '#exceptions/not_found_exception'
import { webhookEndpointValidator } from '#validators/webhook_endpoint'
import { webhooksPageProps } from '#presenters/webhook_presenters'
import {
  createEndpoint,
  deleteEndpoint,
  enableEndpoint,
  listEndpoints,
} from '#services/webhooks/endpoints'
import {
  deliveryLog,
  resendDelivery,
  sendTestEvent,
  type DeliveryRequest,
} from '#services/webhooks/deliveries'
import { flash, type FlashNote } from '#support/http/flash'

/** The secret of the endpoint just added, kept for the one page that follows. */
const NEW_SECRET = 'webhookSecret'

/** What the owner reads once a test event or "send again" was asked for. */
function requestNote(request: DeliveryRequest, queued: string): FlashNote {
  if (request.status === 'not_found') throw new NotFoundException()
  if (request.status === 'disabled') return { type: 'error', key: 'webhooks.flash.disabled' }
  return { type: 'success', key: queued }
}

/**
 * The owner's webhooks page: a petition's endpoints (add, remove, enable
 * again, a test event) and its delivery log ("send again"). Its owner
 * alone: anyone else gets 404 (PetitionPolicy.manageWebhooks).
 */
export default class PetitionWebhooksController {
  /** GET /petition/{guid}/webhooks: Petition/Webhooks. */
  async index(ctx: HttpContext) {
    const petition = await this.managedBy(ctx)
    const [endpoints, deliveries] = await Promise.all([
      listEndpoints(petition),
      deliveryLog(petition),
    ])
    const newSecret = ctx.session.flashMessages.get(NEW_SECRET) ?? null
    const props = webhooksPageProps(petition, endpoints, deliveries, newSecret)
    return ctx.inertia.render('Petition/Webhooks', props)
  }

  /** POST /petition/{guid}/webhooks: the page that follows shows the secret, once. */
  async store(ctx: HttpContext) {
    const petition = await this.managedBy(ctx)
    const input = await ctx.request.validateUsing(webhookEndpointValidator)
    const { endpoint, secret } = await createEndpoint(petition, input)
    ctx.session.flash(NEW_SECRET, { endpointId: endpoint.id, secret })
    flash(ctx, { type: 'success', key: 'webhooks.flash.created', show: 'box' })
    return ctx.response.redirect().toRoute('petitions.webhooks.index', { guid: petition.guid })
  }

  /** DELETE /petition/{guid}/webhooks/{id} */
  async destroy(ctx: HttpContext) {
    const petition = await this.managedBy(ctx)
    if (!(await deleteEndpoint(petition, Number(ctx.params.id)))) throw new NotFoundException()
    flash(ctx, { type: 'success', key: 'webhooks.flash.deleted' })
    return ctx.response.redirect().toRoute('petitions.webhooks.index', { guid: petition.guid })
  }

  /** POST /petition/{guid}/webhooks/{id}/enable */
  async enable(ctx: HttpContext) {
    const petition = await this.managedBy(ctx)
    if (!(await enableEndpoint(petition, Number(ctx.params.id)))) throw new NotFoundException()
    flash(ctx, { type: 'success', key: 'webhooks.flash.enabled' })
    return ctx.response.redirect().toRoute('petitions.webhooks.index', { guid: petition.guid })
  }

  /** POST /petition/{guid}/webhooks/{id}/test: a new `webhook.test` delivery. */
  async test(ctx: HttpContext) {
    const petition = await this.managedBy(ctx)
    const request = await sendTestEvent(petition, Number(ctx.params.id))
    flash(ctx, requestNote(request, 'webhooks.flash.test_queued'))
    return ctx.response.redirect().toRoute('petitions.webhooks.index', { guid: petition.guid })
  }

  /** POST /petition/{guid}/webhooks/deliveries/{id}/resend: the same message, due now. */
  async resend(ctx: HttpContext) {
    const petition = await this.managedBy(ctx)
    const request = await resendDelivery(petition, Number(ctx.params.id))
    flash(ctx, requestNote(request, 'webhooks.flash.resend_queued'))
    return ctx.response.redirect().toRoute('petitions.webhooks.index', { guid: petition.guid })
  }

  /** The petition of the guid, when it is the member's own (anything else: 404). */
  private async managedBy({ bouncer, params }: HttpContext) {
    const petition = await Petition.findByOrFail('guid', params.guid)
    await bouncer.with(PetitionPolicy).authorize('manageWebhooks', petition)
    return petition
  }
}
