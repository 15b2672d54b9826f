import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import NotFoundException from '#exceptions/not_found_exception'
import RefusedFieldsException from '#exceptions/refused_fields_exception'
import Petition from '#models/petition'
import ModerationPolicy from '#policies/moderation_policy'
import { invalidateSignatures, undoInvalidation } from '#services/fraud/invalidation'
import {
  invalidationFilterOf,
  signatureInvalidationValidator,
} from '#validators/signature_invalidation'
import { flash, type FlashNote } from '#support/http/flash'

/** What the moderator reads once the invalidation ran: how many signatures it took, or none. */
function invalidationNote(signatures: number | null): FlashNote {
  if (signatures === null) return { type: 'info', key: 'page.moderation.invalidation.nothing' }
  return {
    type: 'success',
    key: 'page.moderation.invalidation.done',
    params: { count: signatures },
  }
}

/**
 * A moderator's bulk invalidation of a petition's signatures, after its
 * count on the petition's moderation page, and its undoing. Moderators
 * only (403 for anyone else, the petition's owner too), never on their own petition.
 */
export default class SignatureInvalidationsController {
  /** POST /moderation/petitions/{id}/invalidations: the filter, its count's bound and a reason. */
  async store(ctx: HttpContext) {
    const petition = await Petition.findOrFail(ctx.params.id)
    await ctx.bouncer.with(ModerationPolicy).authorize('invalidateSignatures', petition)
    const input = await ctx.request.validateUsing(signatureInvalidationValidator)
    const chosen = invalidationFilterOf(input)
    if (chosen.refused) throw new RefusedFieldsException(chosen.refused)
    const filter = { ...chosen.filter, upToId: input.upToId }
    const invalidation = await invalidateSignatures(ctx.auth.user!, petition, filter, input.reason)
    flash(ctx, invalidationNote(invalidation?.signatures ?? null))
    // The page without the filter: its count is spent.
    return ctx.response.redirect(urlFor('moderation.petition', { id: petition.id }))
  }

  /** POST /moderation/petitions/{id}/invalidations/{invalidation}/undo: its signatures back. */
  async undo(ctx: HttpContext) {
    const petition = await Petition.findOrFail(ctx.params.id)
    await ctx.bouncer.with(ModerationPolicy).authorize('invalidateSignatures', petition)
    const done = await undoInvalidation(ctx.auth.user!, petition, ctx.params.invalidation)
    if (done === null) throw new NotFoundException()
    flash(ctx, {
      type: done ? 'success' : 'info',
      key: done ? 'page.moderation.invalidation.undone' : 'page.moderation.nothing_to_do',
    })
    return ctx.response.redirect(urlFor('moderation.petition', { id: petition.id }))
  }
}
