import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import NotFoundException from '#exceptions/not_found_exception'
import { MODERATION_ACTIONS } from '#models/moderation_event'
import { moderationQueue, type QueueView } from '#services/moderation/queue'
import { moderatePetition } from '#services/moderation/petition_actions'
import { pendingRecipientCount } from '#services/decision_makers/directory'
import type { PetitionAction } from '#shared/moderation'
import ModerationPolicy from '#policies/moderation_policy'
import { moderatedPetition } from '#services/moderation/petition_file'
import { actorsOfTrail, logFilters, logQueryString, moderationLog } from '#services/moderation/log'
import {
  hidePetitionValidator,
  moderationActionValidator,
  redactVersionValidator,
} from '#validators/moderation_action'
import { paginatorProps, requestedPage } from '#shared/pagination'
import { flashAlert } from '#support/http/flash'
import Petition from '#models/petition'
import ModeratedPetitionTransformer from '#transformers/moderated_petition_transformer'
import ModerationEventTransformer from '#transformers/moderation_event_transformer'
import CountryShareTransformer from '#transformers/country_share_transformer'
import PetitionVersionTransformer, { plainText } from '#transformers/petition_version_transformer'
import { historyOf, restoreVersion } from '#services/petitions/versions'
import { redactVersion } from '#services/petitions/version_redaction'
import { invalidationsOf, previewInvalidation } from '#services/fraud/invalidation'
import { askedInvalidationCount } from '#validators/signature_invalidation'
import SignatureInvalidationTransformer from '#transformers/signature_invalidation_transformer'
import type { InvalidationCount } from '#shared/fraud/invalidation_filter'
import { petitionRules } from '#services/fraud/rule_changes'
import { cachedSigningTrends } from '#services/fraud/trends'
import SigningTrendsTransformer from '#transformers/signing_trends_transformer'
import PaperBatchTransformer from '#transformers/paper_batch_transformer'

/** The moderators' queue, a petition's page, the log, and their actions on petitions. */
export default class ModerationController {
  /** GET /moderation: petitions to review (reported or new), or hidden ones (`view=hidden`). */
  async index(ctx: HttpContext) {
    await ctx.bouncer.with(ModerationPolicy).authorize('moderate')
    const view: QueueView = ctx.request.input('view') === 'hidden' ? 'hidden' : 'review'
    const [{ petitions, reports, trail, alerts }, decisionMakersToApprove] = await Promise.all([
      moderationQueue(view, requestedPage(ctx.request.input('page'))),
      pendingRecipientCount(),
    ])
    petitions.baseUrl(ctx.request.url())
    const ofPetition = <Row extends { petitionId: number | null }>(rows: Row[], id: number) =>
      rows.filter((row) => row.petitionId === id)
    return ctx.inertia.render('Moderation/Queue', {
      view,
      decisionMakersToApprove,
      petitions: paginatorProps(petitions, (petition: Petition) =>
        new ModeratedPetitionTransformer(
          petition,
          ofPetition(reports, petition.id),
          ofPetition(trail, petition.id),
          ofPetition(alerts, petition.id),
          ctx.auth.user!.id
        ).toObject()
      ),
    })
  }

  /**
   * GET /moderation/petitions/{id}: one petition, its reports, its whole
   * trail, its countries (outliers flagged) and its signing trends, in the
   * queue or not.
   */
  async show(ctx: HttpContext) {
    await ctx.bouncer.with(ModerationPolicy).authorize('moderate')
    const found = await moderatedPetition(ctx.params.id)
    if (!found) throw new NotFoundException()
    const [history, trends, invalidations, invalidation] = await Promise.all([
      historyOf(found.petition, { withAuthors: true }),
      cachedSigningTrends(found.petition),
      invalidationsOf(found.petition.id),
      this.invalidationCount(ctx, found.petition.id),
    ])
    return ctx.inertia.render('Moderation/Petition', {
      petition: new ModeratedPetitionTransformer(
        found.petition,
        found.reports,
        found.trail,
        found.alerts,
        ctx.auth.user!.id
      ).toObject(),
      countries: found.countries.map((country) => new CountryShareTransformer(country).toObject()),
      /** How it is signed in the last hour and day, by network, domain and minute. */
      trends: new SigningTrendsTransformer(trends).toObject(),
      /** Its text now and its earlier versions, newest first, with who saved each change. */
      currentText: plainText(history.current),
      versions: history.versions.map((version) =>
        new PetitionVersionTransformer(version, version.user?.fullName ?? null).toObject()
      ),
      /** The bulk invalidation's form: its filter as asked, its count, or why it cannot count. */
      invalidation,
      /** This petition's invalidations, newest first. */
      invalidations: invalidations.map((row) =>
        new SignatureInvalidationTransformer(row).toObject()
      ),
      /** Its signing pause, and how many signatures each rule stopped on it. */
      signingRules: await petitionRules(found.petition),
      /** Its batches of paper signatures, newest first: those pending wait for a decision. */
      paperBatches: found.paperBatches.map((batch) =>
        new PaperBatchTransformer(batch, found.petition.guid).toObject()
      ),
    })
  }

  /**
   * The count before a bulk invalidation, when the query string asks for
   * it: the filter as given, its count or the errors under its fields. Reads only.
   */
  private async invalidationCount(
    ctx: HttpContext,
    petitionId: number
  ): Promise<InvalidationCount> {
    const asked = await askedInvalidationCount(ctx.request.qs(), ctx.i18n)
    return {
      filter: asked.fields,
      count: asked.filter ? await previewInvalidation(petitionId, asked.filter) : null,
      errors: asked.errors,
    }
  }

  /**
   * POST /moderation/petitions/{id}/versions/{version}/restore: an earlier
   * version's text back (the current one kept as a version, the act in the
   * audit trail). Moderators only; 404 for a version of another petition.
   */
  async restoreVersion(ctx: HttpContext) {
    const petition = await Petition.findOrFail(ctx.params.id)
    await ctx.bouncer.with(ModerationPolicy).authorize('restoreVersion', petition)
    const done = await restoreVersion(ctx.auth.user!, petition.id, ctx.params.version)
    if (!done) throw new NotFoundException()
    flashAlert(ctx.session, 'success', ctx.i18n.t('page.moderation.done.version_restored'))
    return ctx.response.redirect().back()
  }

  /**
   * POST /moderation/petitions/{id}/versions/{version}/redact: an earlier
   * text replaced for good by the reason (audited). 403 for anyone but a
   * moderator who does not own the petition; 404 for another petition's version.
   */
  async redactVersion(ctx: HttpContext) {
    const petition = await Petition.findOrFail(ctx.params.id)
    await ctx.bouncer.with(ModerationPolicy).authorize('redactVersion', petition)
    const { reason } = await ctx.request.validateUsing(redactVersionValidator)
    const done = await redactVersion(ctx.auth.user!, petition.id, ctx.params.version, reason)
    if (!done) throw new NotFoundException()
    const message =
      done === 'redacted'
        ? 'page.moderation.done.version_redacted'
        : 'page.moderation.nothing_to_do'
    flashAlert(ctx.session, done === 'redacted' ? 'success' : 'info', ctx.i18n.t(message))
    return ctx.response.redirect().back()
  }

  /** GET /moderation/log: the whole trail, newest first, by action (`action`) and actor (`actor`). */
  async log(ctx: HttpContext) {
    await ctx.bouncer.with(ModerationPolicy).authorize('moderate')
    const actors = await actorsOfTrail()
    const filters = logFilters(ctx.request.only(['action', 'actor']), actors)
    const { entries, petitionTitles, memberNames } = await moderationLog(
      filters,
      requestedPage(ctx.request.input('page'))
    )
    entries.baseUrl(urlFor('moderation.log')).queryString(logQueryString(filters))
    return ctx.inertia.render('Moderation/Log', {
      entries: paginatorProps(entries, (entry) =>
        new ModerationEventTransformer(entry, {
          petitionTitle: entry.petitionId === null ? null : petitionTitles.get(entry.petitionId),
          memberName: entry.userId === null ? null : memberNames.get(entry.userId),
        }).toObject()
      ),
      filters,
      actions: [...MODERATION_ACTIONS],
      actors,
    })
  }

  /**
   * POST /moderation/petitions/{id}/{action}: hide (a reason from the list,
   * and a note), restore, close, reopen or dismiss, with a reason.
   */
  async act(ctx: HttpContext) {
    const petition = await Petition.findOrFail(ctx.params.id)
    await ctx.bouncer.with(ModerationPolicy).authorize('actOn', petition)
    // The route's matcher admits the actions only.
    const action = ctx.params.action as PetitionAction
    const done =
      action === 'hide'
        ? await ctx.request
            .validateUsing(hidePetitionValidator)
            .then(({ reason, note }) =>
              moderatePetition(ctx.auth.user!, petition.id, action, note ?? '', reason)
            )
        : await ctx.request
            .validateUsing(moderationActionValidator)
            .then(({ reason }) => moderatePetition(ctx.auth.user!, petition.id, action, reason))
    flashAlert(
      ctx.session,
      done ? 'success' : 'info',
      ctx.i18n.t(done ? `page.moderation.done.${action}` : 'page.moderation.nothing_to_do')
    )
    // Back where the moderator acted: the queue, or the petition's own page.
    return ctx.response.redirect().back()
  }
}
