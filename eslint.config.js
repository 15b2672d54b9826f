import { configApp } from '@adonisjs/eslint-config'
import { react } from '@adonisjs/eslint-config/react'

// The same module seen from each depth of inertia/ (../app, ../../app, …).
const fromInertia = (path) => ['../', '../../', '../../../', '../../../../'].map((up) => `${up}${path}`)

export default configApp(
  ...react,
  {
    ignores: ['build/**', 'public/assets/**', 'tmp/**', '.adonisjs/**'],
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
