import type { HttpContext } from '@adonisjs/core/http'
import { Bouncer } from '@adonisjs/bouncer'
import ApiPetitionPolicy from '#policies/api_petition_policy'
import { petitionOfGuid, signatureSources } from '#services/signatures/sources'

/** Where a petition's confirmed signatures came from, for its owner's API token (docs/api.md). */
export default class ApiSignatureSourcesController {
  /** GET /api/v1/petitions/{guid}/sources: by source and by UTC day; another's petition is 404. */
  async show({ auth, params, response, i18n }: HttpContext) {
    const member = auth.use('api').user!
    const petition = await petitionOfGuid(params.guid)
    if (
      !petition ||
      (await new Bouncer(member).with(ApiPetitionPolicy).denies('readSignatures', petition))
    ) {
      return response.notFound({
        errors: [{ code: 'not_found', message: i18n.t('api.errors.not_found') }],
      })
    }
    const { sources, days } = await signatureSources(petition.id)
    return { petition: { guid: petition.guid, slug: petition.slug }, sources, days }
  }
}
