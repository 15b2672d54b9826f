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
      '@lang/': `${import.meta.dirname}/resources/lang/`,
    },
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
