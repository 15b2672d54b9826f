import type { HttpContext } from '@adonisjs/core/http'
import Petition from '#models/petition'
import { ROLE_MODERATOR } from '#models/user'
import { petitionValidator } from '#validators/petition'
import { petitionAtGuid } from '#services/petitions/petition_guid'
import { flashAlert } from '#support/http/flash'
import { BANNER_TEMPLATES, savePetition } from '#services/petitions/petition_writer'
import PetitionFormTransformer from '#transformers/petition_form_transformer'
import { site } from '#config/site'
import { listFilters, listQueryString } from '#shared/petitions/list_filters'
import { publicPetitions } from '#services/petitions/listing/petition_list'
import PetitionCardTransformer from '#transformers/petition_card_transformer'
import PetitionPolicy from '#policies/petition_policy'
import { petitionPageData } from '#services/petitions/page_data'
import { isAnyGuestsPage, sharedGuestPage } from '#support/http/shared_guest_pages'
import PetitionShowTransformer from '#transformers/petition_show_transformer'
import LastSignatureTransformer from '#transformers/last_signature_transformer'
import { whenSigned } from '#services/signatures/signing'
import { signedPetitionsOf } from '#support/http/signed_petitions_cookie'
import NotFoundException from '#exceptions/not_found_exception'
import { paginatorProps, requestedPage } from '#shared/pagination'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { closingDateOf } from '#support/closing_dates'
import { localeOf } from '#app/i18n/locales'

export default class PetitionsController {
  /**
   * Petition/List: public petitions, 10 a page, searched (`q`), filtered
   * (`status`, `lang`: the visitor's language unless asked otherwise) and
   * sorted (`sort`); the page links keep them.
   */
  async index({ inertia, request, i18n }: HttpContext) {
    const locale = localeOf(i18n)
    const page = requestedPage(request.input('page'))
    const filters = listFilters(request.only(['q', 'status', 'lang', 'sort']), locale)
    const petitions = await publicPetitions(filters, page)
    petitions.baseUrl(urlFor('petitions.index')).queryString(listQueryString(filters, locale))
    const deletedOwnerName = i18n.t('page.account.deleted_user')
    return inertia.render('Petition/List', {
      petitions: paginatorProps(petitions, (petition: Petition) =>
        new PetitionCardTransformer(petition, deletedOwnerName).toObject()
      ),
      filters,
    })
  }

  /**
   * Petition/Show: the same few queries for 10 or a million signatures.
   * Drafts are their owner's only.
   */
  async show(ctx: HttpContext) {
    const { inertia, params, bouncer, auth, i18n } = ctx
    const data = await petitionPageData(params.slug, { reuse: !auth.user })
    if (!data) throw new NotFoundException()
    await bouncer.with(PetitionPolicy).authorize('view', data.petition)
    const { petition, lastSignatures: signatures } = data
    const user = auth.user ?? null
    // Hidden by moderators: the public (and its owner) get the reason, moderators the petition.
    if (petition.hiddenAt && user?.role !== ROLE_MODERATOR) {
      ctx.response.status(410)
      return inertia.render('Petition/Removed', {
        title: petition.title,
        reason: petition.hiddenReason ?? '',
        hiddenAt: petition.hiddenAt.toISODate()!,
      })
    }
    const [signedAt, canEditPetition, open] = await Promise.all([
      whenSigned(petition, user, user ? null : signedPetitionsOf(ctx.request)),
      user ? bouncer.with(PetitionPolicy).allows('edit', petition) : false,
      bouncer.with(PetitionPolicy).allows('sign', petition),
    ])
    const render = () =>
      inertia.render('Petition/Show', {
        petition: PetitionShowTransformer.transform(petition, i18n.t('page.account.deleted_user')),
        lastSignatures: LastSignatureTransformer.transform(
          signatures,
          i18n.t('page.sign.anonymous')
        ),
        whenISignedThisPetition: signedAt,
        success: null,
        canSignPetition: open && signedAt === null,
        canEditPetition,
        turnstileKey: site.turnstileSiteKey,
      })
    // A guest who has not signed it sees what every such guest sees.
    return signedAt === null && isAnyGuestsPage(ctx) ? sharedGuestPage(ctx, data, render) : render()
  }

  /** Petition/Create for a new petition, with a fresh guid. */
  async create({ inertia }: HttpContext) {
    return inertia.render('Petition/Create', {
      petition: PetitionFormTransformer.blank(),
      petitionCreated: null,
      moderatorClosure: null,
      bannerTemplates: BANNER_TEMPLATES,
      turnstileKey: site.turnstileSiteKey,
    })
  }

  /** The same form for an existing petition, for its owner and moderators. */
  async edit(ctx: HttpContext) {
    const petition = await Petition.findByOrFail('guid', ctx.params.guid)
    await ctx.bouncer.with(PetitionPolicy).authorize('edit', petition)
    await petition.load((loader) =>
      loader
        .load('media')
        .load('letters', (letters) => letters.preload('recipients'))
        .load('updates')
        .load('customFields')
    )
    return ctx.inertia.render('Petition/Create', {
      petition: PetitionFormTransformer.transform(petition),
      petitionCreated: petition.createdAt.toISO(),
      moderatorClosure: PetitionFormTransformer.moderatorClosure(petition),
      bannerTemplates: BANNER_TEMPLATES,
      turnstileKey: site.turnstileSiteKey,
    })
  }

  /** POST /petition/{guid}/create: the whole petition, created or updated in one go. */
  async store(ctx: HttpContext) {
    const { request, response, params, auth, bouncer, session, i18n } = ctx
    const guid: string = params.guid
    const target = await petitionAtGuid(guid)
    await bouncer.with(PetitionPolicy).authorize('write', target)
    const payload = await request.validateUsing(petitionValidator, {
      meta: {
        ip: request.ip(),
        currentClosingDate: closingDateOf(target.petition),
        closedByModerator: target.petition?.isClosedByModerator ?? false,
      },
    })
    const { isNew } = await savePetition(auth.user!, guid, payload, localeOf(i18n))
    flashAlert(session, 'success', i18n.t(isNew ? 'page.petition.created' : 'page.petition.saved'))
    return response.redirect().toRoute('petitions.edit', { guid })
  }
}
