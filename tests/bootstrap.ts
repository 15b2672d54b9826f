import { assert } from '@japa/assert'
import { apiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { sessionApiClient } from '@adonisjs/session/plugins/api_client'
import { shieldApiClient } from '@adonisjs/shield/plugins/api_client'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import { inertiaApiClient } from '@adonisjs/inertia/plugins/api_client'

/**
 * Japa plugins: assertions, the HTTP client with Inertia, session, CSRF and
 * login helpers, and the AdonisJS integration.
 */
export const plugins: Config['plugins'] = [
  assert(),
  apiClient(),
  pluginAdonisJS(app),
  sessionApiClient(app),
  shieldApiClient(),
  authApiClient(app),
  inertiaApiClient(app),
]

/**
 * Before the run: a fresh schema on the test database (migrated once, then
 * each test rolls its writes back).
 */
export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [() => testUtils.db().migrate()],
  teardown: [],
}

/**
 * Functional and browser suites talk to a real HTTP server in this process;
 * the browser suite needs Chromium first, and closes the one its groups
 * share at its end. The shipped suite builds the app and starts the build as
 * `npm start` does, in processes of its own; the cluster suite starts two
 * such nodes behind nginx.
 */
export const configureSuite: Config['configureSuite'] = (suite) => {
  if (suite.name === 'browser') {
    suite.setup(async () => {
      const { ensureChromium, closeBrowser } = await import('#tests/helpers/browser')
      ensureChromium()
      return () => closeBrowser()
    })
  }
  if (['browser', 'functional'].includes(suite.name)) {
    suite.setup(() => testUtils.httpServer().start())
  }
  if (suite.name === 'cluster') {
    suite.setup(async () => (await import('#tests/cluster/support/cluster')).startCluster())
  }
  if (suite.name === 'shipped') {
    suite.setup(async () => (await import('#tests/shipped/support/shipped_app')).startShippedApp())
  }
}
