import type { HttpContext } from '@adonisjs/core/http'
import NotFoundException from '#exceptions/not_found_exception'
import Petition from '#models/petition'
import PetitionPolicy from '#policies/petition_policy'
import { guestPetitionReportValidator, petitionReportValidator } from '#validators/petition_report'
import { reportPetition } from '#services/moderation/reports'
import { flash } from '#support/http/flash'
import { localeOf } from '#app/i18n/locales'

export default class PetitionReportsController {
  /** POST /petition/{guid}/report: a published petition, reported to the moderators. */
  async store(ctx: HttpContext) {
    const { request, response, auth, i18n, bouncer } = ctx
    const petition = await Petition.findBy('guid', ctx.params.guid)
    if (!petition) throw new NotFoundException()
    await bouncer.with(PetitionPolicy).authorize('report', petition)
    const user = auth.user ?? null
    const validator = user ? petitionReportValidator : guestPetitionReportValidator
    const payload = await request.validateUsing(validator, { meta: { ip: request.ip() } })
    const reporter = { user, ip: request.ip(), locale: localeOf(i18n) }
    const outcome = await reportPetition(petition, payload, reporter)
    flash(ctx, { type: outcome === 'reported' ? 'success' : 'info', key: `page.report.${outcome}` })
    return response.redirect().back()
  }
}
