import type { HttpContext } from '@adonisjs/core/http'
import NotFoundException from '#exceptions/not_found_exception'
import Petition from '#models/petition'
import PetitionPolicy from '#policies/petition_policy'
import { guestPetitionReportValidator, petitionReportValidator } from '#validators/petition_report'
import { reportPetition } from '#services/moderation/reports'
import { flashAlert } from '#support/http/flash'
import { localeOf } from '#app/i18n/locales'

export default class PetitionReportsController {
  /** POST /petition/{guid}/report: a published petition, reported to the moderators. */
  async store(ctx: HttpContext) {
    const { request, response, params, auth, i18n, bouncer, session } = ctx
    const petition = await Petition.findBy('guid', params.guid)
    if (!petition) throw new NotFoundException()
    await bouncer.with(PetitionPolicy).authorize('report', petition)
    const user = auth.user ?? null
    const payload = await request.validateUsing(
      user ? petitionReportValidator : guestPetitionReportValidator,
      { meta: { ip: request.ip() } }
    )
    const outcome = await reportPetition(petition, payload, {
      user,
      ip: request.ip(),
      locale: localeOf(i18n),
    })
    flashAlert(
      session,
      outcome === 'reported' ? 'success' : 'info',
      i18n.t(`page.report.${outcome}`)
    )
    return response.redirect().back()
  }
}
