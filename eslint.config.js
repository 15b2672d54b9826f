import { configApp } from '@adonisjs/eslint-config'
import { react } from '@adonisjs/eslint-config/react'

/**
 * The layers of app/, lowest first: shared (also runs in the browser) and
 * support (server-only helpers) act on nothing; models and events; validators,
 * transformers, presenters, mails and policies describe; the runtime
 * (app/runtime: the machinery that runs the site, the way the database does:
 * the signature pipeline, live updates, process caches, limits, the mail
 * path, metrics and health, drivers) knows no use case; services and jobs act
 * (a job is a use case run later); listeners, middleware and controllers are
 * the entry points. An import may only run down: each folder refuses the
 * layers above it (and entry points refuse each other). Imports go by alias,
 * so that the rule sees each one's layer.
 */
const LAYERS = {
  runtime: 'the machinery that runs the site (app/runtime)',
  services: 'a use case: services are called by controllers, middleware, jobs and listeners',
  jobs: 'a job: jobs are queued by services',
  listeners: 'a listener: listeners are bound in start/events.ts',
  controllers: 'a controller',
  middleware: 'a middleware',
  presenters: "a page's presenter: controllers call them",
  models: 'a model',
  validators: 'a validator',
  transformers: 'a transformer',
  mails: 'a mail',
  policies: 'a policy',
  support: 'a server-only helper',
  openapi: "the API's description (app/openapi)",
  config: "the server's configuration",
}

/** The one module through which a mail leaves (app/runtime/mail/mail_delivery.ts). */
const MAIL_PATH = 'app/runtime/mail/mail_delivery.ts'

/**
 * The import rule of a folder: the layers it refuses; always relative
 * imports (the layer would not show) and `#app/*` beyond the locales (a
 * folder of app/ without an alias of its own); `@adonisjs/mail`'s service
 * outside the mail path. `allowTypes`: a type named from a layer above is
 * no dependency at run time (the runtime's cache registry names the types
 * it keeps).
 */
function importRule(refused, { allowTypes = false, mailService = false } = {}) {
  return {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: mailService
          ? []
          : [
              {
                name: '@adonisjs/mail/services/main',
                message: `Mails leave through ${MAIL_PATH} (queued ones by SendMailJob.dispatchMails).`,
                allowTypeImports: true,
              },
            ],
        patterns: [
          ...refused.map((name) => ({
            regex: `^#${name}/`,
            message: `This layer may not import ${LAYERS[name]}; move the shared part down (app/support, app/shared, a model) or pass it in.`,
            allowTypeImports: allowTypes,
          })),
          { regex: '^\\.\\.?/', message: 'Import by alias (#models/…, #support/…).' },
          {
            regex: '^#app/(?!i18n/)',
            message: 'Only the locales are imported by #app/; every other folder has its alias.',
          },
        ],
      },
    ],
  }
}

const ENTRY_POINTS = ['listeners', 'controllers', 'middleware']
const ACTING = ['services', 'jobs', ...ENTRY_POINTS, 'presenters']
const DESCRIBING = ['validators', 'transformers', 'mails', 'policies']

/** Each folder and what it refuses; a file takes the first folder it is in. */
const FOLDERS = [
  // Entry points call down, never each other.
  ['app/listeners/**/*.ts', ['controllers', 'middleware', 'presenters']],
  ['app/middleware/**/*.ts', ['controllers', 'listeners', 'presenters']],
  ['app/controllers/**/*.ts', ['listeners', 'middleware']],
  ['app/{services,jobs}/**/*.ts', [...ENTRY_POINTS, 'presenters']],
  // The machinery knows no use case: use cases call it, and what follows a change hangs on events.
  ['app/runtime/**/*.ts', [...ACTING, 'validators', 'policies'], { allowTypes: true }],
  ['app/presenters/**/*.ts', [...ACTING.filter((name) => name !== 'presenters'), 'runtime']],
  ['app/{models,events}/**/*.ts', [...ACTING, 'runtime', ...DESCRIBING]],
  ['app/{validators,transformers,mails,policies}/**/*.ts', [...ACTING, 'runtime']],
  ['app/support/**/*.ts', [...ACTING, 'runtime', 'models', ...DESCRIBING, 'openapi']],
  // The API's description is data: it names shared constants, nothing that acts.
  ['app/openapi/**/*.ts', [...ACTING, 'runtime', 'models', ...DESCRIBING]],
  [
    'app/shared/**/*.ts',
    [...ACTING, 'runtime', 'models', ...DESCRIBING, 'support', 'config', 'openapi'],
  ],
  // The framework's own wiring names the user model (auth), the session and
  // limiter drivers and the database's overrides (runtime).
  ['config/**/*.ts', [...ACTING, 'validators', 'transformers', 'policies']],
]

const fromInertia = (path) =>
  ['../', '../../', '../../../', '../../../../'].map((up) => `${up}${path}`)

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
  ...FOLDERS.map(([files, refused, options], index) => ({
    files: [files],
    // A file in two patterns keeps the first's rule.
    ignores: FOLDERS.slice(0, index).map(([earlier]) => earlier),
    rules: importRule(refused, options),
  })),
  {
    files: [MAIL_PATH],
    rules: importRule([...ACTING, 'validators', 'policies'], { mailService: true }),
  },
  {
    // The log's verifier and auditor stand apart from the site, so that anyone
    // reads them whole and checks the log with nothing of the site's: the
    // auditor takes Node's built-ins and its own folder, nothing more.
    files: ['log-verifier/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!node:|\\./[a-z_]+\\.ts$)',
              message:
                'The log auditor imports Node built-ins and ./verifier.ts only: no site code, no package.',
            },
          ],
        },
      ],
    },
  },
  {
    // The verifier imports nothing at all: browsers run it as Node does.
    files: ['log-verifier/verifier.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportDeclaration, ImportExpression, ExportAllDeclaration, ExportNamedDeclaration[source]',
          message:
            'The verifier imports nothing: only Web Crypto, TextEncoder/TextDecoder and atob/btoa.',
        },
      ],
    },
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
            // The log's verifier: the page runs the very checks the auditor does.
            ...fromInertia('log-verifier/verifier.ts'),
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
