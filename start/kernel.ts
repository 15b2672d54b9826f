/*
|--------------------------------------------------------------------------
| HTTP kernel
|--------------------------------------------------------------------------
|
| Server middleware run on every request, router middleware on requests that
| match a route, named middleware where a route asks for it.
|
*/
import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#exceptions/handler'))

server.use([
  () => import('#middleware/request_metrics_middleware'),
  () => import('#middleware/container_bindings_middleware'),
  () => import('#middleware/security_headers_middleware'),
  () => import('#middleware/public_answers_middleware'),
  () => import('#middleware/machine_answers_middleware'),
  () => import('#middleware/compress_responses_middleware'),
  () => import('#middleware/precompressed_assets_middleware'),
  () => import('#middleware/public_files_middleware'),
  () => import('@adonisjs/vite/vite_middleware'),
  () => import('#middleware/locale_middleware'),
  () => import('#middleware/inertia_middleware'),
])

router.use([
  () => import('#middleware/uploaded_files_middleware'),
  () => import('@adonisjs/core/bodyparser_middleware'),
  () => import('#middleware/session_middleware'),
  () => import('@adonisjs/shield/shield_middleware'),
  () => import('#middleware/csrf_middleware'),
  () => import('#middleware/well_formed_input_middleware'),
  () => import('@adonisjs/auth/initialize_auth_middleware'),
  () => import('#middleware/initialize_bouncer_middleware'),
  () => import('#middleware/silent_auth_middleware'),
])

export const middleware = router.named({
  guest: () => import('#middleware/guest_middleware'),
  auth: () => import('#middleware/auth_middleware'),
  apiToken: () => import('#middleware/api_token_middleware'),
  osdiTokenHeader: () => import('#middleware/osdi_token_header_middleware'),
  devOnly: () => import('#middleware/dev_only_middleware'),
  openData: () => import('#middleware/open_data_middleware'),
  sharedCache: () => import('#middleware/shared_cache_middleware'),
  liveUpdatesInput: () => import('#middleware/live_updates_input_middleware'),
})
