import type { HttpContext } from '@adonisjs/core/http'
import Petition from '#models/petition'
import PetitionMedia from '#models/petition_media'
import PetitionPolicy from '#policies/petition_policy'

/**
 * The petition of a guid that the member may change, or null when the guid is
 * new: a new petition gets its guid from the create form, and media are
 * uploaded for it before it is saved. Someone else's petition is refused by
 * the policy (403, or 404 for their draft); so is a guid that holds someone
 * else's pending media.
 */
export async function editablePetition(ctx: HttpContext, guid: string) {
  const petition = await Petition.findBy('guid', guid)
  if (petition) {
    await ctx.bouncer.with(PetitionPolicy).authorize('edit', petition)
    return petition
  }
  const foreign = await PetitionMedia.query()
    .where('petition_guid', guid)
    .whereNot('user_id', ctx.auth.user!.id)
    .first()
  if (foreign) return ctx.response.abort({ message: ctx.i18n.t('page.errors.403.text') }, 403)
  return null
}

/** An existing petition the member may manage (its signatures): unknown guids answer 404. */
export async function manageablePetition(ctx: HttpContext, guid: string) {
  const petition = await Petition.findByOrFail('guid', guid)
  await ctx.bouncer.with(PetitionPolicy).authorize('edit', petition)
  return petition
}
