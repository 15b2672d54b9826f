/*
|--------------------------------------------------------------------------
| Routes
|--------------------------------------------------------------------------
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { matchers, useParamMatchers, slugWithExtension } from '#start/route_matchers'
import { LOCALES } from '#app/i18n/locales'
import { PROVIDERS } from '#config/ally'
import { UPLOADS_DISK } from '#config/drive'
import { PETITION_TOPICS } from '#shared/petitions/topics'
import {
  throttleAccountApiTokens,
  throttleAccountDeletion,
  throttleAccountEmail,
  throttleAccountExport,
  throttleAccountPassword,
  throttleApiToken,
  throttleAvatarUpload,
  throttleContact,
  throttleDecisionMakerLinks,
  throttleLiveUpdates,
  throttleLogin,
  throttleLanguageHandOver,
  throttleIdentityCheck,
  throttleMediaUpload,
  throttleOpenData,
  throttleTransparencyLog,
  throttlePasswordReset,
  throttlePasswordResetRequest,
  throttleReportsPerIp,
  throttleReportsPerMember,
  throttleReviewRequests,
  throttleSign,
  throttleSignaturesExport,
  throttleSignatureSheets,
  throttleDeliveryPackages,
  throttleSignup,
  throttleSubscription,
  throttleVerificationResend,
  throttleWebhookSends,
} from '#start/limiter'

const PagesController = () => import('#controllers/pages_controller')
const SeoController = () => import('#controllers/seo_controller')
const LiveStreamsController = () => import('#controllers/live_streams_controller')
const OpenDataController = () => import('#controllers/open_data_controller')
const OsdiPetitionsController = () => import('#controllers/api/osdi_petitions_controller')
const OsdiSignaturesController = () => import('#controllers/api/osdi_signatures_controller')
const TransparencyLogController = () => import('#controllers/transparency_log_controller')
const FeedsController = () => import('#controllers/feeds_controller')
const ContactsController = () => import('#controllers/contacts_controller')
const SubscriptionsController = () => import('#controllers/subscriptions_controller')
const TranslationsController = () => import('#controllers/translations_controller')
const DevMailsController = () => import('#controllers/dev_mails_controller')
const RegistrationController = () => import('#controllers/auth/registration_controller')
const SessionController = () => import('#controllers/auth/session_controller')
const PasswordResetController = () => import('#controllers/auth/password_reset_controller')
const EmailVerificationController = () => import('#controllers/auth/email_verification_controller')
const SocialAuthController = () => import('#controllers/auth/social_auth_controller')
const IdentityChecksController = () => import('#controllers/identity_checks_controller')
const MyPetitionsController = () => import('#controllers/my_petitions_controller')
const AvatarsController = () => import('#controllers/avatars_controller')
const PetitionsController = () => import('#controllers/petitions_controller')
const PetitionSharingController = () => import('#controllers/petition_sharing_controller')
const PetitionMediaController = () => import('#controllers/petition_media_controller')
const SignaturesController = () => import('#controllers/signatures_controller')
const PetitionReportsController = () => import('#controllers/petition_reports_controller')
const PetitionReviewsController = () => import('#controllers/petition_reviews_controller')
const PetitionResponsesController = () => import('#controllers/petition_responses_controller')
const PetitionNewsController = () => import('#controllers/petition_news_controller')
const ModerationController = () => import('#controllers/moderation_controller')
const SignatureInvalidationsController = () =>
  import('#controllers/signature_invalidations_controller')
const SigningRulesController = () => import('#controllers/signing_rules_controller')
const PetitionSignaturesController = () => import('#controllers/petition_signatures_controller')
const PetitionDeliveryController = () => import('#controllers/petition_delivery_controller')
const SignatureWithdrawalsController = () => import('#controllers/signature_withdrawals_controller')
const SignatureUpdatesController = () => import('#controllers/signature_updates_controller')
const DecisionMakersController = () => import('#controllers/decision_makers_controller')
const DecisionMakerAddressesController = () =>
  import('#controllers/decision_maker_addresses_controller')
const MySignaturesController = () => import('#controllers/my_signatures_controller')
const AccountSettingsController = () => import('#controllers/account/settings_controller')
const AccountExportController = () => import('#controllers/account/export_controller')
const IdentityLinksController = () => import('#controllers/account/identity_links_controller')
const AccountDeletionController = () => import('#controllers/account/deletion_controller')
const ApiTokensController = () => import('#controllers/account/api_tokens_controller')
const ApiMeController = () => import('#controllers/api/me_controller')
const EmailChangeController = () => import('#controllers/account/email_change_controller')
const HealthController = () => import('#controllers/health_controller')
const MetricsController = () => import('#controllers/metrics_controller')
const CsrfTokensController = () => import('#controllers/csrf_tokens_controller')
const LanguageHandOversController = () => import('#controllers/language_hand_overs_controller')
const UploadsController = () => import('#controllers/uploads_controller')
const PaperSignaturesController = () => import('#controllers/paper_signatures_controller')
const PetitionHandoversController = () => import('#controllers/petition_handovers_controller')
const ApiDocsController = () => import('#controllers/api_docs_controller')
const ApiSignatureSourcesController = () => import('#controllers/api_signature_sources_controller')
const PetitionWebhooksController = () => import('#controllers/petition_webhooks_controller')
const WebhookEndpointsController = () => import('#controllers/api/webhook_endpoints_controller')

const providerMatcher = new RegExp(`^(?:${PROVIDERS.join('|')})$`)
// A feed's segment is its topic or country code and `.atom`: anything else is no route (404).
const topicFeedMatcher = { match: new RegExp(`^(?:${PETITION_TOPICS.join('|')})\\.atom$`) }
const countryFeedMatcher = { match: /^[A-Za-z]{2}\.atom$/ }

useParamMatchers(router)

// Pages every guest sees alike: a shared cache keeps a guest's copy for a second.
router.get('/', [PagesController, 'home']).as('home').use(middleware.sharedCache())
router.get('/faq', [PagesController, 'faq']).as('faq')
router.get('/privacy-policy', [PagesController, 'privacyPolicy']).as('privacy_policy')
router
  .get('/petitions', [PetitionsController, 'index'])
  .as('petitions.index')
  .use(middleware.sharedCache())

// A guest's CSRF token, asked for by the client when a form is first used:
// cached pages carry no cookie.
router.get('/csrf-token', [CsrfTokensController, 'show']).as('csrf_token.show')

// Probes for load balancers: the process serves; what it depends on answers.
router.get('/health/live', [HealthController, 'live']).as('health.live')
router.get('/health/ready', [HealthController, 'ready']).as('health.ready')
// Prometheus's scrape, with the METRICS_TOKEN (unset: no such address).
router.get('/metrics', [MetricsController, 'show']).as('metrics')

// Uploads: the local folder serves /uploads/* itself (config/drive.ts); a
// bucket's objects are reached through a redirect from the same addresses.
if (UPLOADS_DISK === 's3') {
  router.get('/uploads/*', [UploadsController, 'show']).as('uploads.show')
}

// Search engines.
router.get('/robots.txt', [SeoController, 'robots']).as('seo.robots')
router.get('/sitemap.xml', [SeoController, 'sitemap']).as('seo.sitemap')
router
  .get('/sitemap/:number', [SeoController, 'sitemapPart'])
  .as('seo.sitemap_part')
  .where('number', matchers.id)

// The transparency log: every change of a count, signed, with its proofs (docs/api.md).
router
  .group(() => {
    router.get('/.well-known/undersign/log-key', [TransparencyLogController, 'key']).as('log.key')
    router.get('/log/sth', [TransparencyLogController, 'latest']).as('log.latest_head')
    router
      .get('/log/sth/:treeSize', [TransparencyLogController, 'ofSize'])
      .as('log.head')
      .where('treeSize', matchers.id)
    router.get('/log/sths', [TransparencyLogController, 'heads']).as('log.heads')
    router.get('/log/entries', [TransparencyLogController, 'entries']).as('log.entries')
    router
      .get('/log/commitments/:commitment', [TransparencyLogController, 'ofCommitment'])
      .as('log.commitment')
      .where('commitment', /^[A-Za-z0-9_-]{43}$/)
    router.get('/log/proof/inclusion', [TransparencyLogController, 'inclusion']).as('log.inclusion')
    router
      .get('/log/proof/consistency', [TransparencyLogController, 'consistency'])
      .as('log.consistency')
    router
      .get('/petition/:slug/log.json', [TransparencyLogController, 'petition'])
      .as('log.petition')
  })
  .use([
    middleware.openData(),
    middleware.sharedCache({ browserMaxAge: 10, sameForEveryone: true }),
    throttleTransparencyLog,
  ])
// A signer's receipt checked in their browser (the receipt stays in the address's fragment).
router.get('/verify', [TransparencyLogController, 'verify']).as('log.verify')

// Open data: listed petitions and single petitions, for any site to read.
router
  .group(() => {
    router.get('/petitions.json', [OpenDataController, 'index']).as('open_data.index')
    router.get('/petitions.csv', [OpenDataController, 'csv']).as('open_data.csv')
    router
      .get('/petition/:slug.json', [OpenDataController, 'petition'])
      .as('open_data.petition')
      .where('slug', slugWithExtension('json'))
    router
      .get('/petition/:slug/countries.json', [OpenDataController, 'countries'])
      .as('open_data.countries')
    router
      .get('/petition/:slug/history.json', [OpenDataController, 'history'])
      .as('open_data.history')
    router
      .get('/petition/:slug/history.csv', [OpenDataController, 'historyCsv'])
      .as('open_data.history_csv')
    // Atom feeds of the newest listed petitions of a topic or a country.
    router
      .get('/petitions/topics/:topic.atom', [FeedsController, 'topic'])
      .as('feeds.topic')
      .where('topic', topicFeedMatcher)
    router
      .get('/petitions/countries/:country.atom', [FeedsController, 'country'])
      .as('feeds.country')
      .where('country', countryFeedMatcher)
  })
  .use([
    middleware.openData(),
    middleware.sharedCache({ browserMaxAge: 60, sameForEveryone: true }),
    throttleOpenData,
  ])

// The API's contract (OpenAPI 3.1, docs/api.md) for any program, and the page that renders it.
router
  .get('/api/openapi.json', [ApiDocsController, 'document'])
  .as('api.openapi')
  .use([
    middleware.openData(),
    middleware.sharedCache({ browserMaxAge: 60, sameForEveryone: true }),
  ])
router.get('/api/docs', [ApiDocsController, 'show']).as('api.docs').use(middleware.sharedCache())

// Reading and signing.
// Its limits (per address and per e-mail) are taken together by the action.
router.post('/petition/:guid/sign', [SignaturesController, 'store']).as('signatures.store')
// The viewer's own signature waiting for confirmation: its link again, or withdrawn.
router
  .post('/petition/:guid/sign/resend', [SignaturesController, 'resend'])
  .as('signatures.resend')
  .use(throttleSign)
router
  .post('/petition/:guid/sign/discard', [SignaturesController, 'discard'])
  .as('signatures.discard')
  .use(throttleSign)
router
  .post('/petition/:guid/report', [PetitionReportsController, 'store'])
  .as('petitions.report')
  .use([throttleReportsPerIp, throttleReportsPerMember])
// Moderators only (404 for anyone else, as if nothing were there).
router.get('/moderation', [ModerationController, 'index']).as('moderation.queue')
router.get('/moderation/log', [ModerationController, 'log']).as('moderation.log')
router.get('/moderation/petitions/:id', [ModerationController, 'show']).as('moderation.petition')
router
  .post('/moderation/petitions/:id/:action', [ModerationController, 'act'])
  .as('moderation.act')
  .where('action', matchers.petitionAction)
router
  .post('/moderation/petitions/:id/versions/:version/restore', [
    ModerationController,
    'restoreVersion',
  ])
  .as('moderation.restore_version')
  .where('version', matchers.id)
router
  .post('/moderation/petitions/:id/versions/:version/redact', [
    ModerationController,
    'redactVersion',
  ])
  .as('moderation.redact_version')
  .where('version', matchers.id)
// A moderator verifies or rejects a batch of paper signatures.
router
  .post('/moderation/petitions/:id/paper/:batch', [PaperSignaturesController, 'decide'])
  .as('moderation.paper.decide')
  .where('batch', matchers.id)
// A bulk invalidation of a petition's signatures (counted first on its page), and its undoing.
router
  .post('/moderation/petitions/:id/invalidations', [SignatureInvalidationsController, 'store'])
  .as('moderation.invalidations.store')
router
  .post('/moderation/petitions/:id/invalidations/:invalidation/undo', [
    SignatureInvalidationsController,
    'undo',
  ])
  .as('moderation.invalidations.undo')
  .where('invalidation', matchers.id)
// Decision makers' addresses: approved once by a moderator before any mail, kept in a directory.
router
  .get('/moderation/decision-makers', [DecisionMakerAddressesController, 'index'])
  .as('moderation.decision_makers')
router
  .post('/moderation/decision-makers/recipients/:id', [DecisionMakerAddressesController, 'judge'])
  .as('moderation.decision_makers.judge')
router
  .post('/moderation/decision-makers/:id', [DecisionMakerAddressesController, 'update'])
  .as('moderation.decision_makers.update')
// The moderators' rules against signing attacks (the page 404, a change 403 for anyone else).
router.get('/moderation/rules', [SigningRulesController, 'index']).as('moderation.rules')
router
  .post('/moderation/rules/domains', [SigningRulesController, 'storeDomain'])
  .as('moderation.rules.domains.store')
router
  .delete('/moderation/rules/domains/:id', [SigningRulesController, 'destroyDomain'])
  .as('moderation.rules.domains.destroy')
// A domain of the kept list of disposable-mail domains exempted, and put back on it.
router
  .post('/moderation/rules/exemptions', [SigningRulesController, 'storeExemption'])
  .as('moderation.rules.exemptions.store')
router
  .delete('/moderation/rules/exemptions/:id', [SigningRulesController, 'destroyExemption'])
  .as('moderation.rules.exemptions.destroy')
router
  .post('/moderation/rules/networks', [SigningRulesController, 'storeNetwork'])
  .as('moderation.rules.networks.store')
router
  .delete('/moderation/rules/networks/:id', [SigningRulesController, 'destroyNetwork'])
  .as('moderation.rules.networks.destroy')
router
  .post('/moderation/petitions/:id/signing-pause', [SigningRulesController, 'pause'])
  .as('moderation.signing_pause.store')
router
  .delete('/moderation/petitions/:id/signing-pause', [SigningRulesController, 'resume'])
  .as('moderation.signing_pause.destroy')
// A mailed link: GET shows a button, only its POST confirms.
router.get('/signature/:id/confirm', [SignaturesController, 'show']).as('signatures.confirm')
router
  .post('/signature/:id/confirm', [SignaturesController, 'confirm'])
  .as('signatures.confirm.store')
// A mailed link: GET shows the petition and a button, only its POST withdraws.
router
  .get('/signature/:id/withdraw', [SignatureWithdrawalsController, 'show'])
  .as('signatures.withdraw')
router
  .post('/signature/:id/withdraw', [SignatureWithdrawalsController, 'store'])
  .as('signatures.withdraw.store')
// A mailed link: GET shows the petition and a button, only its POST stops its news.
router
  .get('/signature/:id/stop-updates', [SignatureUpdatesController, 'show'])
  .as('signatures.stop_updates')
router
  .post('/signature/:id/stop-updates', [SignatureUpdatesController, 'stop'])
  .as('signatures.stop_updates.store')

// A decision maker's mailed links: GET shows the petition and a form or a
// button, only their POST answers in public or stops the mails.
router
  .get('/decision-makers/:id/answer', [DecisionMakersController, 'answerForm'])
  .as('decision_makers.answer')
router
  .post('/decision-makers/:id/answer', [DecisionMakersController, 'answer'])
  .as('decision_makers.answer.store')
  .use(throttleDecisionMakerLinks)
router
  .get('/decision-makers/:id/stop', [DecisionMakersController, 'stopForm'])
  .as('decision_makers.stop')
router
  .post('/decision-makers/:id/stop', [DecisionMakersController, 'stop'])
  .as('decision_makers.stop.store')
  .use(throttleDecisionMakerLinks)

router.get('/contacts', [ContactsController, 'show']).as('contacts.show')
router.post('/contacts', [ContactsController, 'store']).as('contacts.store').use(throttleContact)

router
  .post('/subscription', [SubscriptionsController, 'store'])
  .as('subscription.store')
  .use(throttleSubscription)
// Mailed links: GET shows a button, only its POST subscribes or unsubscribes.
router
  .get('/subscription/:id/confirm', [SubscriptionsController, 'showConfirm'])
  .as('subscription.confirm')
router
  .post('/subscription/:id/confirm', [SubscriptionsController, 'confirm'])
  .as('subscription.confirm.store')
router
  .get('/subscription/:id/unsubscribe', [SubscriptionsController, 'showUnsubscribe'])
  .as('subscription.unsubscribe')
router
  .post('/subscription/:id/unsubscribe', [SubscriptionsController, 'unsubscribe'])
  .as('subscription.unsubscribe.store')

router
  .get('/translate/:locale', [TranslationsController, 'show'])
  .as('translations.show')
  .where('locale', new RegExp(`^(?:${LOCALES.join('|')})$`))

// Accounts: guests sign up, log in and reset their password.
router
  .group(() => {
    router.get('/signup', [RegistrationController, 'show']).as('auth.signup')
    router
      .post('/signup', [RegistrationController, 'store'])
      .as('auth.signup.store')
      .use(throttleSignup)
    router.get('/login', [SessionController, 'show']).as('auth.login')
    router.post('/login', [SessionController, 'store']).as('auth.login.store').use(throttleLogin)
    router
      .get('/auth/password/reset', [PasswordResetController, 'create'])
      .as('auth.password.request')
    router
      .post('/auth/password/email', [PasswordResetController, 'sendLink'])
      .as('auth.password.email')
      .use(throttlePasswordResetRequest)
    router
      .get('/auth/password/reset/:token', [PasswordResetController, 'edit'])
      .as('auth.password.edit')
    router
      .post('/auth/password/reset', [PasswordResetController, 'update'])
      .as('auth.password.update')
      .use(throttlePasswordReset)
    router
      .get('/auth/:provider/redirect', [SocialAuthController, 'redirect'])
      .as('auth.provider.redirect')
  })
  .where('provider', providerMatcher)
  .use(middleware.guest())

// The provider's return can find a member already signed in (linking).
router
  .get('/auth/:provider/callback', [SocialAuthController, 'callback'])
  .as('auth.provider.callback')
  .where('provider', providerMatcher)
// A mailed link: GET asks whether the account is theirs, only its POST verifies or deletes it.
router.get('/auth/email/verify/:id', [EmailVerificationController, 'show']).as('auth.verify')
router
  .post('/auth/email/verify/:id', [EmailVerificationController, 'answer'])
  .as('auth.verify.store')
// Logging out is a POST (CSRF-protected), so that no image or link on any
// page can log a visitor out; GET shows a page whose button posts.
router.get('/logout', [SessionController, 'confirmLogout']).as('auth.logout.show')
router.post('/logout', [SessionController, 'destroy']).as('auth.logout')
// A signer's identity check through an OpenID Connect provider of IDENTITY_PROVIDERS:
// started from a language's site, answered on the bare domain (the address
// registered at the provider), taken back on the language's site.
router
  .group(() => {
    router
      .get('/identity/:key/start', [IdentityChecksController, 'start'])
      .as('identity.start')
      .use(throttleIdentityCheck)
    router
      .get('/identity/:key/callback', [IdentityChecksController, 'callback'])
      .as('identity.callback')
  })
  .where('key', { match: /^[a-z0-9-]{1,30}$/ })
router.get('/identity/return', [IdentityChecksController, 'return']).as('identity.return')
// Switching language where each language's site keeps its own session:
// a pass from this site, posted by the page to the other one.
router
  .post('/language/hand-over', [LanguageHandOversController, 'store'])
  .as('language_hand_over.store')
  .use([middleware.auth(), throttleLanguageHandOver])
router
  .post('/language/hand-over/accept', [LanguageHandOversController, 'accept'])
  .as('language_hand_over.accept')

// Members.
router
  .group(() => {
    router.get('/my/petitions', [MyPetitionsController, 'index']).as('my.petitions')
    router.get('/my/signatures', [MySignaturesController, 'index']).as('my.signatures')
    router
      .post('/my/signatures/:id/withdraw', [MySignaturesController, 'withdraw'])
      .as('my.signatures.withdraw')
    router
      .post('/my/signatures/:id/resend', [MySignaturesController, 'resend'])
      .as('my.signatures.resend')
    router
      .post('/my/avatar', [AvatarsController, 'store'])
      .as('my.avatar')
      .use(throttleAvatarUpload)
    router
      .post('/auth/email/resend', [EmailVerificationController, 'resend'])
      .as('auth.verify.resend')
      .use(throttleVerificationResend)
    router.get('/petition/create', [PetitionsController, 'create']).as('petitions.create')
    router.get('/petition/:guid/edit', [PetitionsController, 'edit']).as('petitions.edit')
    router.post('/petition/:guid/create', [PetitionsController, 'store']).as('petitions.store')
    router
      .post('/petition/:guid/media', [PetitionMediaController, 'store'])
      .as('petitions.media.store')
      .use(throttleMediaUpload)
    router
      .delete('/petition/:guid/media', [PetitionMediaController, 'destroy'])
      .as('petitions.media.destroy')
    // The owner's signatures.
    router
      .get('/petition/:guid/signatures', [PetitionSignaturesController, 'index'])
      .as('petitions.signatures.index')
    router
      .get('/petition/:guid/signatures/hours.json', [PetitionSignaturesController, 'hours'])
      .as('petitions.signatures.hours')
    router
      .patch('/petition/:guid/signatures/:id', [PetitionSignaturesController, 'update'])
      .as('petitions.signatures.update')
    router
      .post('/petition/:guid/signatures/download', [PetitionSignaturesController, 'download'])
      .as('petitions.signatures.download')
      .use(throttleSignaturesExport)
    // The owner's webhook endpoints and their delivery log (the owner alone; others 404).
    router
      .get('/petition/:guid/webhooks', [PetitionWebhooksController, 'index'])
      .as('petitions.webhooks.index')
    router
      .post('/petition/:guid/webhooks', [PetitionWebhooksController, 'store'])
      .as('petitions.webhooks.store')
    router
      .delete('/petition/:guid/webhooks/:id', [PetitionWebhooksController, 'destroy'])
      .as('petitions.webhooks.destroy')
    router
      .post('/petition/:guid/webhooks/:id/enable', [PetitionWebhooksController, 'enable'])
      .as('petitions.webhooks.enable')
    router
      .post('/petition/:guid/webhooks/:id/test', [PetitionWebhooksController, 'test'])
      .as('petitions.webhooks.test')
      .use(throttleWebhookSends)
    router
      .post('/petition/:guid/webhooks/deliveries/:id/resend', [
        PetitionWebhooksController,
        'resend',
      ])
      .as('petitions.webhooks.resend')
      .use(throttleWebhookSends)
    // What the owner prints and hands over: signature sheets and the delivery package.
    router
      .post('/petition/:guid/sheet', [PetitionDeliveryController, 'sheet'])
      .as('petitions.sheet')
      .use(throttleSignatureSheets)
    router
      .post('/petition/:guid/delivery', [PetitionDeliveryController, 'package'])
      .as('petitions.delivery')
      .use(throttleDeliveryPackages)
    // The campaign offline: paper signatures (counted once a moderator verified them) and hand-overs.
    router
      .post('/petition/:guid/paper', [PaperSignaturesController, 'store'])
      .as('petitions.paper.store')
      .use(throttleMediaUpload)
    router
      .delete('/petition/:guid/paper/:id', [PaperSignaturesController, 'destroy'])
      .as('petitions.paper.destroy')
    router
      .get('/petition/:guid/paper/:id/photo', [PaperSignaturesController, 'photo'])
      .as('petitions.paper.photo')
    router
      .post('/petition/:guid/handovers', [PetitionHandoversController, 'store'])
      .as('petitions.handovers.store')
      .use(throttleMediaUpload)
    router
      .delete('/petition/:guid/handovers/:id', [PetitionHandoversController, 'destroy'])
      .as('petitions.handovers.destroy')
    // Its news, posted from its page.
    router
      .post('/petition/:guid/updates', [PetitionNewsController, 'store'])
      .as('petitions.updates.store')
    // What the petition achieved: official responses and the victory mark.
    router
      .post('/petition/:guid/responses', [PetitionResponsesController, 'store'])
      .as('petitions.responses.store')
    router
      .delete('/petition/:guid/responses/:id', [PetitionResponsesController, 'destroy'])
      .as('petitions.responses.destroy')
    router
      .put('/petition/:guid/victory', [PetitionResponsesController, 'victory'])
      .as('petitions.victory')
    // The owner of a petition the moderators hid asks them to look again.
    router
      .post('/petition/:guid/review', [PetitionReviewsController, 'store'])
      .as('petitions.review')
      .use(throttleReviewRequests)
    // The member's account settings.
    router.get('/my/account', [AccountSettingsController, 'show']).as('my.account')
    router
      .post('/my/account/profile', [AccountSettingsController, 'updateProfile'])
      .as('my.account.profile')
    router
      .post('/my/account/password', [AccountSettingsController, 'updatePassword'])
      .as('my.account.password')
      .use(throttleAccountPassword)
    router
      .post('/my/account/password/link', [AccountSettingsController, 'sendPasswordLink'])
      .as('my.account.password.link')
      .use(throttleAccountPassword)
    router
      .post('/my/account/email', [AccountSettingsController, 'requestEmailChange'])
      .as('my.account.email')
      .use(throttleAccountEmail)
    router
      .delete('/my/account/email', [AccountSettingsController, 'cancelEmailChange'])
      .as('my.account.email.cancel')
    router
      .delete('/my/account/providers/:provider', [AccountSettingsController, 'unlinkProvider'])
      .as('my.account.providers.unlink')
      .where('provider', providerMatcher)
    // A verified identity linked to the account, once: the provider's flow, back here.
    router
      .get('/my/account/identity/:key/link', [IdentityLinksController, 'start'])
      .as('my.account.identity.link')
      .where('key', { match: /^[a-z0-9-]{1,30}$/ })
      .use(throttleIdentityCheck)
    router
      .get('/my/account/identity/return', [IdentityLinksController, 'return'])
      .as('my.account.identity.return')
    router
      .get('/my/account/export', [AccountExportController, 'download'])
      .as('my.account.export')
      .use(throttleAccountExport)
    router
      .post('/my/account/delete', [AccountDeletionController, 'destroy'])
      .as('my.account.destroy')
      .use(throttleAccountDeletion)
    router
      .post('/my/account/delete/link', [AccountDeletionController, 'sendLink'])
      .as('my.account.destroy.link')
      .use(throttleAccountDeletion)
    // The member's API tokens (each value shown once, on the settings page).
    router
      .post('/account/tokens', [ApiTokensController, 'store'])
      .as('account.tokens.store')
      .use(throttleAccountApiTokens)
    router
      .delete('/account/tokens/:id', [ApiTokensController, 'destroy'])
      .as('account.tokens.destroy')
      .use(throttleAccountApiTokens)
  })
  .use(middleware.auth())

// Mailed account links, followed on whatever device reads the mailbox: GET
// shows a button, only its POST moves the account to the new address, brings
// it back to the address it left, or deletes it.
router.group(() => {
  router
    .get('/account/:id/email/confirm', [EmailChangeController, 'show'])
    .as('account.email.confirm')
  router
    .post('/account/:id/email/confirm', [EmailChangeController, 'confirm'])
    .as('account.email.confirm.store')
  router
    .get('/account/:id/email/undo', [EmailChangeController, 'showUndo'])
    .as('account.email.undo')
  router
    .post('/account/:id/email/undo', [EmailChangeController, 'undo'])
    .as('account.email.undo.store')
  router.get('/account/:id/delete', [AccountDeletionController, 'show']).as('account.delete')
  router
    .post('/account/:id/delete', [AccountDeletionController, 'destroyFromLink'])
    .as('account.delete.store')
})

// The webhook endpoints of an API token member's own petitions (docs/api.md).
router
  .group(() => {
    router
      .get('/api/v1/petitions/:guid/webhooks', [WebhookEndpointsController, 'index'])
      .as('api.v1.webhooks.index')
    router
      .post('/api/v1/petitions/:guid/webhooks', [WebhookEndpointsController, 'store'])
      .as('api.v1.webhooks.store')
    router
      .delete('/api/v1/petitions/:guid/webhooks/:id', [WebhookEndpointsController, 'destroy'])
      .as('api.v1.webhooks.destroy')
    router
      .post('/api/v1/petitions/:guid/webhooks/:id/test', [WebhookEndpointsController, 'test'])
      .as('api.v1.webhooks.test')
      .use(throttleWebhookSends)
  })
  .use([middleware.apiToken({ ability: 'webhooks:manage' }), throttleApiToken])

// Live counts: the stream an open petition's page holds (GET
// /__transmit/events, naming its channel), and the counts document a page
// reads instead past the stream cap of the worker it reached (public, kept
// a second by nginx).
router
  .get('/__transmit/events', [LiveStreamsController, 'open'])
  .as('live_counts.stream')
  .use([middleware.liveUpdatesInput(), throttleLiveUpdates])
router
  .get('/petition/:guid/counts', [LiveStreamsController, 'counts'])
  .as('live_counts.document')
  .use(middleware.sharedCache({ sameForEveryone: true }))

// The API for members' tools, by API token only (docs/api.md, "Tokens").
router
  .get('/api/v1/me', [ApiMeController, 'show'])
  .as('api.v1.me')
  .use([middleware.apiToken(), throttleApiToken])
// OSDI 1.1 (docs/api.md): a member's petitions and their signatures for the
// organisers' tools, by API token (OSDI's own token header taken too).
router
  .group(() => {
    router
      .get('/', [OsdiPetitionsController, 'entryPoint'])
      .as('entry')
      .use([middleware.apiToken(), throttleApiToken])
    router
      .get('/petitions', [OsdiPetitionsController, 'index'])
      .as('petitions.index')
      .use([middleware.apiToken({ ability: 'signatures:read' }), throttleApiToken])
    router
      .get('/petitions/:guid', [OsdiPetitionsController, 'show'])
      .as('petitions.show')
      .use([middleware.apiToken({ ability: 'signatures:read' }), throttleApiToken])
    router
      .get('/petitions/:guid/signatures', [OsdiSignaturesController, 'index'])
      .as('signatures.index')
      .use([middleware.apiToken({ ability: 'signatures:read' }), throttleApiToken])
    router
      .post('/petitions/:guid/signatures', [OsdiSignaturesController, 'store'])
      .as('signatures.store')
      .use([middleware.apiToken({ ability: 'signatures:write' }), throttleApiToken])
  })
  .prefix('/api/osdi/v1')
  .as('api.osdi')
  .use(middleware.osdiTokenHeader())

// Developer pages, absent in production.
router
  .group(() => {
    router.get('/test', [PagesController, 'test']).as('test')
    router.get('/dev/mail', [DevMailsController, 'index']).as('dev.mail.index')
    router
      .get('/dev/mail/:mailId', [DevMailsController, 'show'])
      .as('dev.mail.show')
      .where('mailId', matchers.outboxMailId)
  })
  .use(middleware.devOnly())

// Spreading a published petition: the widget other sites frame, its QR code, a poster to print.
router.group(() => {
  router.get('/petition/:slug/embed', [PetitionSharingController, 'embed']).as('petitions.embed')
  router.get('/petition/:slug/qr.svg', [PetitionSharingController, 'qr']).as('petitions.qr')
  router.get('/petition/:slug/poster', [PetitionSharingController, 'poster']).as('petitions.poster')
})

// Every earlier text of a petition, diffed word by word (history.json is its count by day).
router.get('/petition/:slug/history', [PetitionsController, 'history']).as('petitions.history')

// Where a petition's signatures came from, for its owner's API token (docs/api.md).
router
  .get('/api/v1/petitions/:guid/sources', [ApiSignatureSourcesController, 'show'])
  .as('api.v1.sources')
  .use([middleware.apiToken({ ability: 'signatures:read' }), throttleApiToken])

// Last, so that /petition/create is never taken for a slug.
router
  .get('/petition/:slug', [PetitionsController, 'show'])
  .as('petitions.show')
  .use(middleware.sharedCache())
