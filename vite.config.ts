import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import adonisjs from '@adonisjs/vite/client'

export default defineConfig({
  plugins: [
    react(),
    adonisjs({
      entryPoints: ['inertia/app.tsx'],
      serverEntryPoints: ['inertia/ssr.tsx'],
      reload: ['resources/views/**/*.edge'],
    }),
  ],
  resolve: {
    alias: {
      '~/': `${import.meta.dirname}/inertia/`,
      '@app/': `${import.meta.dirname}/app/`,
      '@generated': `${import.meta.dirname}/.adonisjs/client/`,
      '@lang/': `${import.meta.dirname}/resources/lang/`,
    },
  },
  // The dev server answers the site's language subdomains (es.localhost, and
  // es.undersign.test in tests); Vite refuses unknown hosts otherwise.
  server: {
    allowedHosts: [
      '.localhost',
      '.undersign.test',
      ...(process.env.APP_DOMAIN ? [`.${process.env.APP_DOMAIN}`] : []),
    ],
  },
  // Scan every page up front: no dependency is discovered late, so the dev
  // server never re-optimises and reloads a page in the middle of a visit.
  optimizeDeps: {
    entries: ['inertia/app.tsx', 'inertia/pages/**/*.tsx'],
  },
  css: {
    preprocessorOptions: { scss: { quietDeps: true } },
  },
})
