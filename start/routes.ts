/*
|--------------------------------------------------------------------------
| Routes
|--------------------------------------------------------------------------
*/
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { throttleContact, throttleSubscription } from '#start/limiter'

const PagesController = () => import('#controllers/pages_controller')
const ContactsController = () => import('#controllers/contacts_controller')
const SubscriptionsController = () => import('#controllers/subscriptions_controller')
const TranslationsController = () => import('#controllers/translations_controller')
const DevMailsController = () => import('#controllers/dev_mails_controller')

router.get('/', [PagesController, 'home']).as('home')
router.get('/faq', [PagesController, 'faq']).as('faq')
router.get('/privacy-policy', [PagesController, 'privacyPolicy']).as('privacy_policy')

router.get('/contacts', [ContactsController, 'show']).as('contacts.show')
router.post('/contacts', [ContactsController, 'store']).as('contacts.store').use(throttleContact)

router
  .post('/subscription', [SubscriptionsController, 'store'])
  .as('subscription.store')
  .use(throttleSubscription)
router
  .get('/subscription/:id/confirm', [SubscriptionsController, 'confirm'])
  .as('subscription.confirm')
  .where('id', router.matchers.number())
router
  .get('/subscription/:id/unsubscribe', [SubscriptionsController, 'unsubscribe'])
  .as('subscription.unsubscribe')
  .where('id', router.matchers.number())

router.get('/translate/:locale', [TranslationsController, 'show']).as('translations.show')

// Developer pages, absent in production.
router
  .group(() => {
    router.get('/test', [PagesController, 'test']).as('test')
    router.get('/dev/mail', [DevMailsController, 'index']).as('dev.mail.index')
    router.get('/dev/mail/:id', [DevMailsController, 'show']).as('dev.mail.show')
  })
  .use(middleware.devOnly())
