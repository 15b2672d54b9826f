import type { HttpContext } from '@adonisjs/core/http'
import Petition from '#models/petition'
import PetitionMedia from '#models/petition_media'
import PetitionPolicy from '#policies/petition_policy'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

/**
 * The petition of a guid that the member may change, or null when the guid is
 * new (decisions 11). Someone else's petition answers 403, their draft 404
 * (decisions 9, 10); a guid with someone else's pending media is refused too.
 */
export async function editablePetition(ctx: HttpContext, guid: string) {
  const { response, auth } = ctx
  if (!UUID.test(guid)) return response.abort({ message: 'Not found' }, 404)
  const petition = await Petition.findBy('guid', guid.toLowerCase())
  if (petition) return authorizeEdit(ctx, petition)
  const foreign = await PetitionMedia.query()
    .where('petition_guid', guid.toLowerCase())
    .whereNot('user_id', auth.user!.id)
    .first()
  if (foreign) return response.abort({ message: ctx.i18n.t('page.errors.403.text') }, 403)
  return null
}

/**
 * An existing petition the member may manage (its signatures, spec 2.17):
 * unknown guids answer 404, others' petitions as in `editablePetition`.
 */
export async function manageablePetition(ctx: HttpContext, guid: string) {
  const petition = UUID.test(guid) ? await Petition.findBy('guid', guid.toLowerCase()) : null
  if (!petition) return ctx.response.abort({ message: ctx.i18n.t('page.errors.404.text') }, 404)
  return authorizeEdit(ctx, petition)
}

/** The owner (or a moderator) passes; others get 403, or 404 for a draft (decisions 9, 10). */
async function authorizeEdit(ctx: HttpContext, petition: Petition) {
  if (await ctx.bouncer.with(PetitionPolicy).denies('edit', petition)) {
    return ctx.response.abort(
      { message: ctx.i18n.t('page.errors.403.text') },
      petition.published ? 403 : 404
    )
  }
  return petition
}
