import { defineConfig } from '@adonisjs/core/app'
import { indexEntities } from '@adonisjs/core'
import { generateRegistry } from '@tuyau/core/hooks'
import { indexPolicies } from '@adonisjs/bouncer'
import { indexPages } from '@adonisjs/inertia'
import { readFile, writeFile, mkdir } from 'node:fs/promises'

/**
 * The app's version (package.json's), written as a module when the code is
 * generated (`ace codegen`, the build, the dev server): the API's description
 * names it, and the built app never reads package.json to learn it.
 */
const writeAppVersion = {
  async run() {
    const root = new URL('./', import.meta.url)
    const { version } = JSON.parse(await readFile(new URL('package.json', root), 'utf8'))
    const folder = new URL('.adonisjs/server/', root)
    await mkdir(folder, { recursive: true })
    const source = `/** package.json's version, written by adonisrc.ts when the code is generated. */\nexport const APP_VERSION = ${JSON.stringify(version)}\n`
    await writeFile(new URL('app_version.ts', folder), source)
  },
}

export default defineConfig({
  commands: [
    () => import('@adonisjs/core/commands'),
    () => import('@adonisjs/session/commands'),
    () => import('@adonisjs/lucid/commands'),
    () => import('@adonisjs/bouncer/commands'),
    () => import('@adonisjs/mail/commands'),
    () => import('@adonisjs/queue/commands'),
    () => import('@adonisjs/inertia/commands'),
  ],
  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    { file: () => import('@adonisjs/core/providers/repl_provider'), environment: ['repl', 'test'] },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/core/providers/edge_provider'),
    () => import('@adonisjs/session/session_provider'),
    () => import('@adonisjs/shield/shield_provider'),
    () => import('@adonisjs/static/static_provider'),
    () => import('@adonisjs/vite/vite_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/i18n/i18n_provider'),
    () => import('@adonisjs/bouncer/bouncer_provider'),
    () => import('@adonisjs/ally/ally_provider'),
    () => import('@adonisjs/mail/mail_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/drive/drive_provider'),
    () => import('@adonisjs/redis/redis_provider'),
    () => import('@adonisjs/queue/queue_provider'),
    () => import('@adonisjs/inertia/inertia_provider'),
    () => import('#providers/mail_queue_provider'),
    () => import('#providers/signature_counter_provider'),
    () => import('#providers/signature_mails_provider'),
    () => import('#providers/live_counts_provider'),
  ],
  preloads: [
    () => import('#start/routes'),
    () => import('#start/kernel'),
    () => import('#start/events'),
    { file: () => import('#start/scheduler'), environment: ['web'] },
    { file: () => import('#start/metrics'), environment: ['web'] },
    { file: () => import('#start/warnings'), environment: ['web'] },
    () => import('#start/other_processes'),
    () => import('#start/redis_outages'),
  ],
  tests: {
    suites: [
      { files: ['tests/unit/**/*.spec.ts'], name: 'unit', timeout: 10000 },
      { files: ['tests/functional/**/*.spec.ts'], name: 'functional', timeout: 30000 },
      { files: ['tests/browser/**/*.spec.ts'], name: 'browser', timeout: 120000 },
      // The production build, started as `npm start` starts it, over real HTTP.
      { files: ['tests/shipped/**/*.spec.ts'], name: 'shipped', timeout: 300000 },
      // Two built nodes behind nginx on PostgreSQL, Redis and S3: `npm test -- cluster`.
      { files: ['tests/cluster/**/*.spec.ts'], name: 'cluster', timeout: 300000 },
    ],
    forceExit: true,
  },
  // Files the server reads at run time: the build copies them, and the
  // built-app suite fails when the server reads one from the sources instead.
  metaFiles: [
    { pattern: 'resources/views/**/*.edge', reloadServer: false },
    { pattern: 'resources/lang/**/*.json', reloadServer: false },
    { pattern: 'resources/security/**', reloadServer: false },
    { pattern: 'public/**', reloadServer: false },
  ],
  hooks: {
    buildStarting: [() => import('@adonisjs/vite/build_hook')],
    init: [
      indexPolicies(),
      indexEntities({ transformers: { enabled: true, withSharedProps: true } }),
      indexPages({ framework: 'react' }),
      generateRegistry(),
      writeAppVersion,
    ],
  },
})
