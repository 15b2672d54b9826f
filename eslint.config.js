import { configApp } from '@adonisjs/eslint-config'
import { react } from '@adonisjs/eslint-config/react'

/**
 * The layers of app/, lowest first: shared (also runs in the browser) and
 * support (server-only helpers) act on nothing; models and events; validators,
 * transformers, mails and policies describe; presenters shape a page's props
 * from data already loaded (with the transformers); services and jobs act (one use
 * case each; a job is one run later); the machinery that runs the site
 * (streams, fan-out, process caches) uses them, never the other way round;
 * listeners, middleware and controllers call them. An import may only run down: a folder refuses the layers above
 * it. Imports go by alias, so that the rule sees each one's layer.
 */
const LAYERS = {
  machinery:
    'the machinery that runs the site (streams, fan-out, process caches): providers, listeners and controllers start and call it',
  services: 'a use case: services are called by controllers, middleware, jobs and listeners',
  jobs: 'a job: jobs are queued by services',
  listeners: 'a listener: listeners are bound in start/events.ts',
  controllers: 'a controller',
  middleware: 'a middleware',
  models: 'a model',
  validators: 'a validator',
  transformers: 'a transformer',
  presenters:
    "a page's presenter: presenters shape loaded data into a page's props for controllers",
  mails: 'a mail',
  policies: 'a policy',
  support: 'a server-only helper',
  config: "the server's configuration",
}
function refuseLayers(...names) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...names.map((name) => ({
            regex: `^#${name}/`,
            message: `This layer may not import ${LAYERS[name]}; move the shared part down (app/support, app/shared) or pass it in.`,
          })),
          { regex: '^\\.\\.?/', message: 'Import by alias (#models/…, #support/…).' },
        ],
      },
    ],
  }
}

const ABOVE_DESCRIPTIONS = ['machinery', 'services', 'jobs', 'listeners', 'controllers', 'middleware']
const fromInertia = (path) => ['../', '../../', '../../../', '../../../../'].map((up) => `${up}${path}`)

export default configApp(
  ...react,
  {
    ignores: ['build/**', 'public/assets/**', 'tmp/**', '.adonisjs/**'],
  },
  {
    files: ['app/**/*.ts', 'tests/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'sendLater',
          message:
            'Queue mails with SendMailJob.dispatchMails: it seals them and applies the per-recipient guard.',
        },
      ],
    },
  },
  {
    // Use cases know nothing of the machinery that runs them: it hangs on their events.
    files: ['app/{services,jobs}/**/*.ts'],
    rules: refuseLayers('machinery'),
  },
  {
    files: ['app/{models,events}/**/*.ts'],
    rules: refuseLayers(
      ...ABOVE_DESCRIPTIONS,
      'validators',
      'transformers',
      'presenters',
      'mails',
      'policies'
    ),
  },
  {
    files: ['app/{validators,transformers,mails,policies}/**/*.ts'],
    rules: refuseLayers(...ABOVE_DESCRIPTIONS, 'presenters'),
  },
  {
    // A presenter shapes what the action loaded: it loads nothing and acts on nothing.
    files: ['app/presenters/**/*.ts'],
    rules: refuseLayers(...ABOVE_DESCRIPTIONS),
  },
  {
    // The framework's own wiring names the user model (auth).
    files: ['config/**/*.ts'],
    rules: refuseLayers(
      ...ABOVE_DESCRIPTIONS,
      'validators',
      'transformers',
      'presenters',
      'policies'
    ),
  },
  {
    files: ['app/support/**/*.ts'],
    rules: refuseLayers(
      ...ABOVE_DESCRIPTIONS,
      'models',
      'validators',
      'transformers',
      'presenters',
      'mails',
      'policies'
    ),
  },
  {
    // Also bundled for the browser: nothing server-only.
    files: ['app/shared/**/*.ts'],
    rules: refuseLayers(
      ...ABOVE_DESCRIPTIONS,
      'models',
      'validators',
      'transformers',
      'presenters',
      'mails',
      'policies',
      'support',
      'config'
    ),
  },
  {
    files: ['inertia/**/*.{ts,tsx}'],
    rules: {
      // Isomorphic modules the client bundle shares with the server: the list
      // of locales with its pure helpers, and the types of the page props.
      '@adonisjs/no-backend-import-in-frontend': [
        'error',
        {
          allowed: [
            ...fromInertia('app/i18n/locales.ts'),
            ...fromInertia('app/types/props.ts'),
            ...fromInertia('app/shared/petitions/constants.ts'),
            ...fromInertia('app/shared/moderation.ts'),
            ...fromInertia('app/shared/fraud/signing_rules.ts'),
          ],
        },
      ],
      // Routes are plain paths here (no generated route registry in the client).
      '@adonisjs/prefer-adonisjs-inertia-link': 'off',
      // Inertia's <Head> deduplicates tags by their head-key attribute.
      'react/no-unknown-property': ['error', { ignore: ['head-key'] }],
    },
  },
  {
    // Page files carry the names the specification gives them (Petition/Show).
    files: ['inertia/pages/**/*.tsx'],
    rules: { '@unicorn/filename-case': 'off' },
  },
  {
    // Assertions read best as `(await client.get(url)).text()`.
    files: ['tests/**/*.ts'],
    rules: { '@unicorn/no-await-expression-member': 'off' },
  }
)
