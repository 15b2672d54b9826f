import type { HttpContext } from '@adonisjs/core/http'
import Petition from '#models/petition'
import { petitionValidator } from '#validators/petition'
import { petitionAtGuid } from '#services/petitions/petition_guid'
import { flash } from '#support/http/flash'
import { savePetition } from '#services/petitions/petition_writer'
import { loadPetitionForm } from '#services/petitions/petition_form'
import {
  newPetitionFormProps,
  petitionFormProps,
  petitionHistoryProps,
  petitionListProps,
  petitionShowProps,
} from '#presenters/petition_presenters'
import { BANNER_TEMPLATES } from '#services/petitions/media'
import { LIST_PARAMETERS, listFilters, listQueryString } from '#shared/petitions/list_filters'
import { publicPetitions } from '#services/petitions/listing/petition_list'
import PetitionPolicy from '#policies/petition_policy'
import ModerationPolicy from '#policies/moderation_policy'
import {
  petitionPage,
  petitionSeenBy,
  type PageViewer,
  type ShownPetitionPage,
} from '#services/petitions/petition_page'
import { isAnyGuestsPage, sharedGuestPage } from '#support/http/shared_guest_pages'
import { signedPetitionsOf } from '#support/http/signed_petitions_cookie'
import NotFoundException from '#exceptions/not_found_exception'
import { requestedPage } from '#shared/pagination'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { closingDateOf } from '#support/closing_dates'
import { localeOf } from '#app/i18n/locales'
import { flashPetitionPage, petitionPageNote } from '#support/http/petition_page_flash'
import { historyOf } from '#services/petitions/versions'
import { holdsVerifiedIdentity, heldIdentityOf } from '#services/identity/verified_identity'
import { identitySettingsCheck } from '#services/petitions/identity_settings'

/** What the petition's form is checked against: who sends it, the dates and identity options it may keep. */
async function validationMeta(ip: string, petition: Petition | null) {
  return {
    ip,
    currentClosingDate: closingDateOf(petition),
    closedByModerator: petition?.isClosedByModerator ?? false,
    identity: await identitySettingsCheck(petition),
  }
}

export default class PetitionsController {
  /**
   * Petition/List: public petitions, 10 a page, searched (`q`), filtered
   * (`status`, `topic`, `country`, `lang`: every language, the visitor's
   * first, unless one is asked for) and sorted (`sort`); the page links
   * keep them.
   */
  async index({ inertia, request, i18n }: HttpContext) {
    const page = requestedPage(request.input('page'))
    const filters = listFilters(request.only([...LIST_PARAMETERS]))
    const petitions = await publicPetitions(filters, page, { firstLang: localeOf(i18n) })
    petitions.baseUrl(urlFor('petitions.index')).queryString(listQueryString(filters))
    return inertia.render('Petition/List', petitionListProps(petitions, filters, i18n))
  }

  /**
   * Petition/Show: the same few queries for 10 or a million signatures.
   * Drafts are their owner's only; a petition hidden by moderators answers
   * Petition/Removed with 410, except to its owner and moderators.
   */
  async show(ctx: HttpContext) {
    const page = await petitionPage(ctx.params.slug, await this.viewerOf(ctx))
    if (page.kind === 'missing') throw new NotFoundException()
    await ctx.bouncer.with(PetitionPolicy).authorize('view', page.petition)
    if (page.kind === 'removed') {
      ctx.response.status(410)
      return ctx.inertia.render('Petition/Removed', page.removal)
    }
    const render = () => this.showPage(ctx, page)
    // A guest who has not signed it, nor checked their identity, sees what every such guest sees.
    const shared =
      page.signedAt === null && isAnyGuestsPage(ctx) && !holdsVerifiedIdentity(ctx.session)
    return shared ? sharedGuestPage(ctx, page.data, render) : render()
  }

  /**
   * Petition/History: its text now and every earlier version kept since its
   * first confirmed signature, newest first, for the page to diff word by
   * word. Seen by whoever may see its page: a draft is its owner's, a
   * hidden petition answers Petition/Removed with 410 like its page.
   */
  async history(ctx: HttpContext) {
    const found = await petitionSeenBy(ctx.params.slug, await this.viewerOf(ctx))
    if (found.kind === 'missing') throw new NotFoundException()
    await ctx.bouncer.with(PetitionPolicy).authorize('view', found.petition)
    if (found.kind === 'removed') {
      ctx.response.status(410)
      return ctx.inertia.render('Petition/Removed', found.removal)
    }
    const history = await historyOf(found.petition)
    return ctx.inertia.render('Petition/History', petitionHistoryProps(found.petition, history))
  }

  /** Who looks at a petition's page, read from the request. */
  private async viewerOf({ auth, request, bouncer }: HttpContext): Promise<PageViewer> {
    return {
      user: auth.user ?? null,
      signedByCookie: signedPetitionsOf(request),
      seesHidden: await bouncer.with(ModerationPolicy).allows('moderate'),
    }
  }

  /** Petition/Create for a new petition, with a fresh guid. */
  async create({ inertia }: HttpContext) {
    return inertia.render('Petition/Create', newPetitionFormProps(BANNER_TEMPLATES))
  }

  /** The same form for an existing petition, for its owner and moderators. */
  async edit(ctx: HttpContext) {
    const petition = await Petition.findByOrFail('guid', ctx.params.guid)
    await ctx.bouncer.with(PetitionPolicy).authorize('edit', petition)
    const form = await loadPetitionForm(petition)
    return ctx.inertia.render('Petition/Create', petitionFormProps(petition, form))
  }

  /** POST /petition/{guid}/create: the whole petition, created or updated in one go. */
  async store(ctx: HttpContext) {
    const { request, response, auth, bouncer, session, i18n } = ctx
    const guid: string = ctx.params.guid
    const target = await petitionAtGuid(guid)
    await bouncer.with(PetitionPolicy).authorize('write', target)
    const meta = await validationMeta(request.ip(), target.petition)
    const payload = await request.validateUsing(petitionValidator, { meta })
    const saved = await savePetition(auth.user!, guid, payload, localeOf(i18n))
    const { isNew, petition, publishedNow } = saved
    flash(ctx, { type: 'success', key: isNew ? 'page.petition.created' : 'page.petition.saved' })
    // The save that publishes it lands on the live page, with a first-share panel;
    // a published petition's edit, on its page as readers now see it; a draft, on its form.
    if (publishedNow) flashPetitionPage(session, 'petitionPublished')
    if (!petition.published) return response.redirect().toRoute('petitions.edit', { guid })
    return response.redirect().toRoute('petitions.show', { slug: petition.slug })
  }

  /** Petition/Show with what the viewer may do with it. For guests, nothing personal (see `show`). */
  private async showPage(ctx: HttpContext, page: ShownPetitionPage) {
    const { bouncer, auth } = ctx
    const { petition } = page.data
    const [canEditPetition, open, canRemoveAnswers] = await Promise.all([
      auth.user ? bouncer.with(PetitionPolicy).allows('edit', petition) : false,
      bouncer.with(PetitionPolicy).allows('sign', petition),
      auth.user
        ? bouncer.with(PetitionPolicy).allows('removeResponse', petition, { fromRecipient: true })
        : false,
    ])
    const note = petitionPageNote(ctx.session)
    const verification = await heldIdentityOf(ctx.session, auth.user ?? null, petition)
    const userId = auth.user?.id ?? null
    const viewer = { userId, canEditPetition, open, canRemoveAnswers, note, verification }
    return ctx.inertia.render('Petition/Show', petitionShowProps(page, viewer, ctx.i18n))
  }
}
