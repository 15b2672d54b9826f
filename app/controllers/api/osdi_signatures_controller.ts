import { identityRequirementOf } from '#support/identity_requirement'
import type { HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { errors as limiterErrors } from '@adonisjs/limiter'
import type Petition from '#models/petition'
import PetitionPolicy from '#policies/petition_policy'
import { ownPetition, signaturesPage } from '#services/osdi/osdi_petitions'
import { ownPetitionToSign, recordSignature } from '#services/osdi/record_signature'
import { currentRules } from '#services/fraud/signing_rules'
import { consumeTokenSignAttempt, giveBackSignAttempt } from '#runtime/limits/rate_limits'
import {
  osdiError,
  osdiRecordedSignature,
  osdiSignatures,
  type OsdiErrorDescription,
} from '#presenters/osdi_presenters'
import { signValidation } from '#validators/signature'
import {
  osdiPageRequest,
  osdiPropertyOf,
  recordSignatureValidator,
  signatureSourceOf,
  signFormOf,
} from '#validators/osdi'
import { apiBase, apiNotFound, halAnswer, tokenMember } from '#support/http/api_answers'
import { localeOf } from '#app/i18n/locales'

type SignForm = ReturnType<typeof signFormOf>

/** A petition's signatures through OSDI: read a page of them, or record one (the helper). */
export default class OsdiSignaturesController {
  /** GET /api/osdi/v1/petitions/{guid}/signatures: a page, in id order; `next` carries the cursor. */
  async index(ctx: HttpContext) {
    const petition = await ownPetition(tokenMember(ctx), ctx.params.guid)
    if (!petition) return apiNotFound(ctx)
    const request = osdiPageRequest(ctx.request.qs())
    const { records, total, lastId } = await signaturesPage(petition, request)
    const nextQuery = lastId === null ? undefined : { after: String(lastId) }
    const page = { ...request, totalRecords: total, nextQuery }
    return halAnswer(ctx, 200, osdiSignatures(petition, records, apiBase(ctx), page))
  }

  /**
   * POST /api/osdi/v1/petitions/{guid}/signatures, OSDI's record signature
   * helper: 201 with the signature, waiting for its signer's confirmation;
   * 200 with an empty resource when the address had signed (nothing stored).
   */
  async store(ctx: HttpContext) {
    const member = tokenMember(ctx)
    const petition = await ownPetitionToSign(member, ctx.params.guid)
    if (!petition) return apiNotFound(ctx)
    if (await ctx.bouncer.with(PetitionPolicy).denies('sign', petition)) {
      return this.refuse(ctx, 409, [
        { error_code: 'PETITION_CLOSED', description: ctx.i18n.t('api.osdi.petition_closed') },
      ])
    }
    // Only the signer can check their identity, at the provider: a tool cannot sign for them.
    if (identityRequirementOf(petition).required) {
      const description = ctx.i18n.t('api.osdi.identity_required')
      return this.refuse(ctx, 409, [{ error_code: 'IDENTITY_REQUIRED', description }])
    }
    const form = signFormOf(ctx.request.body(), petition.customFields)
    if (!(await this.allowed(ctx, form))) return
    const input = await this.validated(ctx, petition, form)
    if (!input) return
    const source = signatureSourceOf(ctx.request.body(), member.currentAccessToken.name)
    const outcome = await recordSignature(petition, input, { locale: localeOf(ctx.i18n), source })
    if (!outcome.recorded) return halAnswer(ctx, 200, {})
    return halAnswer(ctx, 201, osdiRecordedSignature(petition, outcome.record, apiBase(ctx)))
  }

  /**
   * The sign's allowances, the token's in place of an address's (a tool
   * sends every signer from its one server): false, and the 429 answered,
   * when one is used up.
   */
  private async allowed(ctx: HttpContext, form: SignForm) {
    try {
      await consumeTokenSignAttempt(
        String(tokenMember(ctx).currentAccessToken.identifier),
        form.email
      )
      return true
    } catch (error) {
      if (!(error instanceof limiterErrors.E_TOO_MANY_REQUESTS)) throw error
      for (const [name, value] of Object.entries(error.getDefaultHeaders())) {
        ctx.response.header(name, value)
      }
      const description = ctx.i18n.t('api.osdi.rate_limited')
      await this.refuse(ctx, 429, [{ error_code: 'RATE_LIMITED', description }])
      return false
    }
  }

  /**
   * The signer checked by the sign form's rules; null, and 422 answered
   * with each refused OSDI property and why, in the site's language. A
   * refused signer gives the e-mail's sign back, as the form does.
   */
  private async validated(ctx: HttpContext, petition: Petition, form: SignForm) {
    const validation = signValidation(petition, form, {
      ip: ctx.request.ip(),
      rules: await currentRules(),
      accountEmail: null,
    })
    try {
      return await ctx.request.validateUsing(recordSignatureValidator, validation)
    } catch (error) {
      if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
      await giveBackSignAttempt(form.email)
      const fields = petition.customFields
      const messages = error.messages as { field: string; message: string; rule: string }[]
      const descriptions = messages.map(({ field, message, rule }) => ({
        error_code: rule
          .replace(/([a-z])([A-Z])/g, '$1_$2')
          .replace(/\W+/g, '_')
          .toUpperCase(),
        description: message,
        properties: [osdiPropertyOf(field, fields)],
      }))
      await this.refuse(ctx, 422, descriptions)
      return null
    }
  }

  private refuse(ctx: HttpContext, status: number, errors: OsdiErrorDescription[]) {
    return halAnswer(ctx, status, osdiError(status, 'osdi:signature', errors))
  }
}
