import type { HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import Petition from '#models/petition'
import WebhookEndpointRefusedException from '#exceptions/webhook_endpoint_refused_exception'
import WebhookEndpointTransformer from '#transformers/webhook_endpoint_transformer'
import { webhookEndpointValidator } from '#validators/webhook_endpoint'
import { createEndpoint, deleteEndpoint, listEndpoints } from '#services/webhooks/endpoints'
import { sendTestEvent } from '#services/webhooks/deliveries'

/** An API error: `{errors: [{code, field?, message}]}` in the request's language. */
type ApiError = { code: string; field?: string; message: string }

/**
 * The webhook endpoints of the token member's own petitions (ability
 * `webhooks:manage`): list, add (the secret answered once), remove, and a
 * test event. Any other petition or endpoint is 404, whether it exists or
 * not. Bad input is 422 with each field's translated message.
 */
export default class WebhookEndpointsController {
  /** GET /api/v1/petitions/{guid}/webhooks */
  async index(ctx: HttpContext) {
    const petition = await this.ownPetition(ctx)
    if (!petition) return this.notFound(ctx)
    const endpoints = await listEndpoints(petition)
    return {
      data: endpoints.map((endpoint) => new WebhookEndpointTransformer(endpoint).toObject()),
    }
  }

  /** POST /api/v1/petitions/{guid}/webhooks: 201 with the secret, which is never answered again. */
  async store(ctx: HttpContext) {
    const petition = await this.ownPetition(ctx)
    if (!petition) return this.notFound(ctx)
    try {
      const input = await ctx.request.validateUsing(webhookEndpointValidator)
      const { endpoint, secret } = await createEndpoint(petition, input)
      const data = { ...new WebhookEndpointTransformer(endpoint).toObject(), secret }
      return ctx.response.created({ data })
    } catch (error) {
      return this.refused(ctx, error)
    }
  }

  /** DELETE /api/v1/petitions/{guid}/webhooks/{id}: 204. */
  async destroy(ctx: HttpContext) {
    const petition = await this.ownPetition(ctx)
    if (!petition || !(await deleteEndpoint(petition, Number(ctx.params.id)))) {
      return this.notFound(ctx)
    }
    return ctx.response.noContent()
  }

  /** POST /api/v1/petitions/{guid}/webhooks/{id}/test: 202, the test delivery is queued. */
  async test(ctx: HttpContext) {
    const petition = await this.ownPetition(ctx)
    const request = petition ? await sendTestEvent(petition, Number(ctx.params.id)) : null
    if (!request || request.status === 'not_found') return this.notFound(ctx)
    if (request.status === 'disabled') {
      const message = ctx.i18n.t('api.webhooks.disabled')
      return ctx.response.conflict({ errors: [{ code: 'disabled', message }] })
    }
    const { id, messageId, event, status } = request.delivery
    return ctx.response.accepted({ data: { id, messageId, event, status } })
  }

  /** The petition of the guid when it is the token member's own. */
  private ownPetition({ auth, params }: HttpContext) {
    const member = auth.use('api').user!
    return Petition.query().where('guid', params.guid).where('user_id', member.id).first()
  }

  private notFound({ response, i18n }: HttpContext) {
    const errors: ApiError[] = [{ code: 'not_found', message: i18n.t('api.errors.not_found') }]
    return response.notFound({ errors })
  }

  /** A validator's or the registration's refusal as 422 JSON; anything else goes on. */
  private refused({ response, i18n }: HttpContext, error: unknown) {
    const refusal =
      error instanceof WebhookEndpointRefusedException ? error.asValidationError(i18n) : error
    if (!(refusal instanceof vineErrors.E_VALIDATION_ERROR)) throw error
    const errors: ApiError[] = (refusal.messages as { field: string; message: string }[]).map(
      ({ field, message }) => ({ code: 'invalid', field, message })
    )
    return response.unprocessableEntity({ errors })
  }
}
