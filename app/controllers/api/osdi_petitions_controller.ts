import type { HttpContext } from '@adonisjs/core/http'
import { ownPetition, ownPetitionsPage } from '#services/osdi/osdi_petitions'
import { osdiEntryPoint, osdiPetitionResource, osdiPetitions } from '#presenters/osdi_presenters'
import { osdiPageRequest } from '#validators/osdi'
import { apiBase, apiNotFound, halAnswer, tokenMember } from '#support/http/api_answers'

/** OSDI's entry point and the token's member's petitions (HAL+JSON). */
export default class OsdiPetitionsController {
  /** GET /api/osdi/v1: what the API offers; any valid token may read it. */
  entryPoint(ctx: HttpContext) {
    const { i18n } = ctx
    const titles = {
      self: i18n.t('api.osdi.links.self'),
      petitions: i18n.t('api.osdi.links.petitions'),
      docs: i18n.t('api.osdi.links.docs'),
    }
    return halAnswer(ctx, 200, osdiEntryPoint(apiBase(ctx), titles))
  }

  /** GET /api/osdi/v1/petitions: the member's petitions, a page at a time. */
  async index(ctx: HttpContext) {
    const page = osdiPageRequest(ctx.request.qs())
    const { petitions, total } = await ownPetitionsPage(tokenMember(ctx), page)
    return halAnswer(
      ctx,
      200,
      osdiPetitions(petitions, apiBase(ctx), { ...page, totalRecords: total })
    )
  }

  /** GET /api/osdi/v1/petitions/{guid}: one of them; another member's is not found. */
  async show(ctx: HttpContext) {
    const petition = await ownPetition(tokenMember(ctx), ctx.params.guid)
    if (!petition) return apiNotFound(ctx)
    return halAnswer(ctx, 200, osdiPetitionResource(petition, apiBase(ctx)))
  }
}
